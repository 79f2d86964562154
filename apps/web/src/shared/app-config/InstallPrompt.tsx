import { useEffect, useState, useSyncExternalStore } from 'react';
import { appBannerOn, installPromptDue } from '@crust/domain/app-config';
import { useRemoteConfig } from '../location/api.ts';
import { readInstallMemory, writeInstallMemory } from './install-memory.ts';
import { ac } from './texts.ts';
import { partnerConfig } from '../partner/mode.ts';

/** Chromium's install offer (not in TypeScript's DOM types). */
interface InstallOffer extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The browser's offer lives on `window`: the app shell's inline script (index.html) keeps one made before this code
 * loaded, and the listener below keeps later ones. Reading it as an external store closes the gap between this
 * component's first render and its subscription, where an offer would otherwise be missed.
 */
const early = window as Window & { crustInstallOffer?: InstallOffer };

function subscribeToOffers(changed: () => void): () => void {
  const offered = (e: Event) => {
    // the browser's own mini-infobar would ask at a moment of its choosing: ask at ours
    e.preventDefault();
    early.crustInstallOffer = e as InstallOffer;
    changed();
  };
  window.addEventListener('beforeinstallprompt', offered);
  return () => window.removeEventListener('beforeinstallprompt', offered);
}

const currentOffer = (): InstallOffer | null => early.crustInstallOffer ?? null;

/** Use is counted in steps of this while the app is on screen. */
export const USE_TICK_MS = 60_000;

/**
 * SPEC §9: the home-screen prompt, offered once the customer has used the app for `homeScreenPromptMs` (30 minutes,
 * counted across visits while a Crust screen is visible) and the browser has offered an install
 * (`beforeinstallprompt`). "Not now" or a dismissed browser dialog puts it off for 30 days; an install ends it.
 * The config's showAppBanner (and a partner's block of it) switches it off.
 */
export function InstallPrompt() {
  const config = useRemoteConfig().data;
  const offer = useSyncExternalStore(subscribeToOffers, currentOffer);
  // an offer is good for one prompt: the one already put to the customer
  const [asked, setAsked] = useState<InstallOffer | null>(null);
  const [memory, setMemory] = useState(readInstallMemory);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const installed = () => setMemory(writeInstallMemory({ installed: true }));
    window.addEventListener('appinstalled', installed);
    return () => window.removeEventListener('appinstalled', installed);
  }, []);

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      setMemory(writeInstallMemory({ usedMs: readInstallMemory().usedMs + USE_TICK_MS }));
      setNow(Date.now());
    }, USE_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  // SPEC §6: a partner may block the app banner (its own app is already on the home screen)
  if (!config || !appBannerOn(config.showAppBanner, partnerConfig(config)?.blockedFeatures)) return null;
  const due = installPromptDue({
    memory,
    browserOffers: offer !== null,
    nowMs: now,
    delayMs: config.homeScreenPromptMs,
  });
  if (!due || !offer || offer === asked) return null;

  const snooze = () => {
    delete early.crustInstallOffer;
    setMemory(writeInstallMemory({ snoozedAt: Date.now() }));
  };
  const install = async () => {
    setAsked(offer);
    delete early.crustInstallOffer;
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    setMemory(writeInstallMemory(outcome === 'accepted' ? { installed: true } : { snoozedAt: Date.now() }));
  };

  return (
    <section className="install-prompt" aria-label={ac('installTitle')}>
      <svg viewBox="0 0 32 32" width="48" height="48" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#0b6e4f" />
        <path d="M16 6L26 25Q16 29 6 25Z" fill="#ffd166" stroke="#e3a04f" strokeWidth="1.5" />
        <circle cx="14" cy="17" r="1.8" fill="#e8553e" />
        <circle cx="18.5" cy="22" r="1.8" fill="#e8553e" />
        <circle cx="13" cy="23" r="1.4" fill="#2e9e48" />
      </svg>
      <div className="install-prompt-text">
        <strong>{ac('installTitle')}</strong>
        <span>{ac('installBody')}</span>
      </div>
      <div className="install-prompt-actions">
        <button type="button" className="btn btn-secondary" onClick={snooze}>
          {ac('notNow')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void install()}>
          {ac('install')}
        </button>
      </div>
    </section>
  );
}
