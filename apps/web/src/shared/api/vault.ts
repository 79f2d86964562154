/**
 * SPEC §3 "User data is stored encrypted": AES-GCM with a non-extractable key that never leaves the
 * browser's key store (IndexedDB keeps the CryptoKey object itself; script can use it but not read it).
 */
export interface Sealed {
  iv: string;
  ciphertext: string;
}

export interface Vault {
  seal(value: unknown): Promise<Sealed>;
  open(sealed: Sealed): Promise<unknown>;
}

/** Where the key lives: returns the stored key, or stores `fresh` when there is none (atomically). */
export interface KeyStore {
  getOrAdd(fresh: CryptoKey): Promise<CryptoKey>;
}

/** The key in IndexedDB 'crust' / 'keys' / 'session'; one readwrite transaction so two tabs agree on one key. */
export const idbKeyStore: KeyStore = {
  getOrAdd: (fresh) =>
    new Promise((resolve, reject) => {
      const req = indexedDB.open('crust', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('keys');
      req.onerror = () => reject(req.error ?? new Error('indexedDB'));
      req.onsuccess = () => {
        const db = req.result;
        const tx = db.transaction('keys', 'readwrite');
        const keys = tx.objectStore('keys');
        const get = keys.get('session');
        let key = fresh;
        get.onsuccess = () => {
          if (get.result) key = get.result as CryptoKey;
          else keys.put(fresh, 'session');
        };
        tx.oncomplete = () => {
          db.close();
          resolve(key);
        };
        tx.onerror = tx.onabort = () => {
          db.close();
          reject(tx.error ?? new Error('indexedDB'));
        };
      };
    }),
};

const GCM = 'AES-GCM';
const b64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The vault, or null when WebCrypto or the key store is unavailable (or too slow to answer). */
export async function openVault(store: KeyStore, timeoutMs = 3000): Promise<Vault | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const subtle = crypto.subtle;
    const fresh = await subtle.generateKey({ name: GCM, length: 256 }, false, ['encrypt', 'decrypt']);
    const key = await Promise.race([
      store.getOrAdd(fresh),
      new Promise<never>((_, reject) => (timer = setTimeout(reject, timeoutMs))),
    ]);
    return {
      async seal(value) {
        const iv = crypto.getRandomValues(new Uint8Array(12));
        const data = new TextEncoder().encode(JSON.stringify(value));
        return { iv: b64(iv), ciphertext: b64(await subtle.encrypt({ name: GCM, iv }, key, data)) };
      },
      async open({ iv, ciphertext }) {
        const data = await subtle.decrypt({ name: GCM, iv: unb64(iv) }, key, unb64(ciphertext));
        return JSON.parse(new TextDecoder().decode(data)) as unknown;
      },
    };
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
