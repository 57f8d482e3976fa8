/** Messages for the screen-reader live region (plays, trick winners, turns). */
export const live = $state({ message: '', seq: 0 });

export function announce(message: string): void {
  // Bump a counter so the same text said twice is still read out.
  live.seq++;
  live.message = message;
}
