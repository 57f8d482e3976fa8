/** Messages for the screen-reader live region (plays, trick winners, turns). */
export const live: { messages: { id: number; text: string }[] } = $state({ messages: [] });

let next = 0;

/**
 * Queues a message. The region keeps the last few as separate nodes, so a
 * play quickly followed by "takes the trick" are both read, in order.
 */
export function announce(text: string): void {
  live.messages = [...live.messages.slice(-2), { id: next++, text }];
}
