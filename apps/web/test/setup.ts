import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// The default 1 s for findBy*/waitFor is too short for lazy screens on a busy 2-core CI machine (a menu test
// timed out there); waiting longer never hides a failure, it only stops a slow pass from reading as one.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
