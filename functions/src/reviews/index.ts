/** The reviews domain's door: other domains and the HTTP layer import only what is listed here (docs/architecture.md "Where things live"). */
export { isReviewId, reviewPhotoAccess } from './photos.js';
export { sendReviewRequests } from './review-requests.js';
export {
  adminListReviews,
  createReview,
  decideReview,
  deleteOwnReview,
  eraseAuthorReviews,
  getOwnReview,
  listReviews,
  replyToReview,
  reviewEligibility,
  reviews,
  toggleHelpful,
  topReviews,
  updateOwnReview,
} from './reviews.js';
