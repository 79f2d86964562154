// HTTP for the benches: node:http with keep-alive (lighter on the shared CPU than fetch).
import http from 'node:http';

export const agent = new http.Agent({ keepAlive: true, maxSockets: 4096 });

export function call(base, method, url, { headers = {}, body, form } = {}) {
  const payload = form ? new URLSearchParams(form).toString() : body && JSON.stringify(body);
  const type = form ? 'application/x-www-form-urlencoded' : 'application/json';
  const sent = payload ? { 'content-type': type, 'content-length': Buffer.byteLength(payload) } : {};
  return new Promise((resolve, reject) => {
    const options = { method, agent, timeout: 60_000, headers: { ...headers, ...sent } };
    const req = http.request(new URL(url, base), options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, location: res.headers.location, text }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 60 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** An API call's data; anything but 200 with status SUCCESS throws the answer's code and text. */
export async function api(base, method, url, headers, body) {
  const res = await call(base, method, url, { headers, body });
  const route = `${method} ${url.split('?')[0].split('/').slice(0, 4).join('/')}`; // without ids
  const parsed = res.text.startsWith('{') ? JSON.parse(res.text) : { message: res.text.slice(0, 80) };
  if (res.status !== 200 || parsed.status !== 'SUCCESS') {
    const e = parsed.errors?.[0] ?? parsed;
    throw new Error(`${route} ${res.status} ${e.code}: ${e.displayMsg ?? e.message}`);
  }
  return parsed.data;
}

export const see303 = (res, step) => {
  if (res.status !== 303) throw new Error(`${step} answered ${res.status}: ${res.text.slice(0, 80)}`);
  return res.location;
};
