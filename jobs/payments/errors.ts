// A webhook delivery that fails verification (bad or missing signature, stale timestamp, unreadable body).
export class WebhookError extends Error {}
// The provider could not start a payment (network, rejected request); the person may try again.
export class PaymentUnavailable extends Error {}
