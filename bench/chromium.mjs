// The Debian Chromium every browser-driving script here uses, with the flags this machine needs (no sandbox as
// root, no GPU, nothing fetched in the background that would disturb a measurement).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
