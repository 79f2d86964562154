/** The game's query keys: the landing widget and /game read the same answer. */
export const gameKeys = {
  data: (loggedIn: boolean) => ['game', 'data', loggedIn] as const,
};
