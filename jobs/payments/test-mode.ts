import { randomBytes } from 'node:crypto';
import { WebhookError } from './errors';
import type { PaymentProvider } from './types';

// The default when no real provider is configured: pressing Pay on the checkout page completes the payment.
// No money moves; the page says so plainly. Good for local use, demos and tests.
export function testModeProvider(): PaymentProvider {
  return {
    name: 'test',
    testMode: true,
    async createSession() {
      return { kind: 'paid', method: 'test', reference: `test_${randomBytes(9).toString('base64url')}` };
    },
    verifyWebhook() {
      throw new WebhookError('The test-mode payment provider takes no webhooks.');
    },
  };
}
