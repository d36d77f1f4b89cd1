import { describe, expect, it } from 'vitest';
import { headingIntroducesOthers, namesOthersRegion } from './others-words';

describe("someone else's words", () => {
  it.each([
    ['testimonials', true], ['testimonial-card', true], ['customer-logos', true], ['customerLogos', true], ['logo-wall', true],
    ['case_studies', true], ['reviews', true], ['review-stars', true], ['quote', true], ['pull quote', true], ['partners-grid', true],
    ['trusted-by', true], ['as-seen-in', true], ['featured-in', true], ['comments', true], ['kundenstimmen', true], ['temoignages', true],
    ['client-side', false], ['features-preview', false], ['userReviews', true], ['hero', false], ['pricing', false], ['about-us', false], ['team', false], ['contact', false], ['footer', false],
    ['quote-request-button', false], ['faq', false], ['features', false], ['founders', false],
  ])('namesOthersRegion(%s) = %s', (v, expected) => expect(namesOthersRegion(v)).toBe(expected));

  it.each([
    ['What our customers say', true], ['What shop owners say', true], ['What teams love about us', true], ['What people are saying', true], ['Testimonials', true], ['Trusted by 2,000 teams', true],
    ['Loved by founders', true], ['Our customers', true], ['As seen in', true], ['Featured in', true], ['Case study: Acme Logistics', true],
    ['Customer stories', true], ['Kundenstimmen', true], ['Das sagen unsere Kunden', true], ['Témoignages', true],
    ['Ils nous font confiance', true], ['Lo que dicen nuestros clientes', true], ['Testimonios', true], ['Our partners', true],
    ['About us', false], ['Our story', false], ['Press', false], ['Press kit', false], ['In the press', true], ['Pricing', false], ['Meet the team', false], ['Frequently asked questions', false],
    ['Features', false], ['Contact', false], ['Über uns', false], ['Qui sommes-nous', false], ['Our customers are our compass, and this long heading is a sentence about our mission and values', false],
  ])('headingIntroducesOthers(%s) = %s', (t, expected) => expect(headingIntroducesOthers(t)).toBe(expected));
});
