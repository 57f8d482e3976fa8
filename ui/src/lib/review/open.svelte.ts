/**
 * Asking for a match's review from elsewhere than History (the end-of-match summary): the match id
 * is left here and the History screen opened; History takes it on arrival and reviews it.
 */
export const reviewRequest: { id: string | null } = $state({ id: null });

/** Opens History and reviews match `id` there. */
export function requestReview(id: string): void {
  reviewRequest.id = id;
  location.hash = '#/history';
}

/** The match whose review was asked for, once (null when none was). */
export function takeReviewRequest(): string | null {
  const id = reviewRequest.id;
  reviewRequest.id = null;
  return id;
}
