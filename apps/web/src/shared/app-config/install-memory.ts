import { NEW_INSTALL_MEMORY, type InstallPromptMemory } from '@crust/domain/app-config';
import { readJson, writeJson } from '../storage.ts';

const KEY = 'crust.installPrompt';

export function readInstallMemory(): InstallPromptMemory {
  return { ...NEW_INSTALL_MEMORY, ...readJson<Partial<InstallPromptMemory>>(KEY, {}) };
}

export function writeInstallMemory(change: Partial<InstallPromptMemory>): InstallPromptMemory {
  const next = { ...readInstallMemory(), ...change };
  writeJson(KEY, next);
  return next;
}
