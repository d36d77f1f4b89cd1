// Where a page speaks in someone else's words: testimonials, reviews, quotes, customer and partner blocks, logo
// walls, case studies, press mentions, comments. Facts about the company are never taken from there (a customer's
// "we've used it since 2015" is not the company's founding year). Pure rules over markup tokens and heading text;
// crawler/page-text.ts walks the page with them.

// class, id, aria-label, itemprop or data-* values that name such a region. Word parts, so "testimonial-card",
// "customerLogos" and "case_studies" match; "client" alone does not (client-side, client area).
const TOKEN = /testimonial|(?<![a-z])review|blockquote|customer[-_ ]?(logo|quote|stor|say|love|wall)|clients?[-_ ]?(logo|quote|list|wall|say)|logo[-_ ]?(wall|cloud|grid|strip|bar|list|carousel|marquee)|partner|sponsor|trusted|as[-_ ]?seen|featured[-_ ]?in|press[-_ ]?(logo|mention|quote)|case[-_ ]?stud|casestud|success[-_ ]?stor|customer[-_ ]?stor|endorse|comment|kundenstimm|referenz|temoign|témoign|testimonio|opinion/i;

// camelCase names ("userReviews"), which the case-insensitive rule above cannot tell from "preview".
const CAMEL_REVIEW = /[a-z]Reviews?(?![a-z])/;

// A class token that is a quote and nothing else ("quote", "pull-quote"), not "quote-request-button".
const QUOTE = /^(pull[-_]?)?quotes?$/i;

export function namesOthersRegion(attributeValue: string): boolean {
  return TOKEN.test(attributeValue) || CAMEL_REVIEW.test(attributeValue) || attributeValue.split(/\s+/).some((t) => QUOTE.test(t));
}

// Headings that introduce such a section, in English, German, French and Spanish.
const HEADING = new RegExp([
  "what(\\s[\\p{L}'’-]+){0,4}\\s(say|said|are saying|think|love)",
  'testimonials?', 'reviews?', 'trusted by', 'loved by', 'used by', 'chosen by', 'backed by', 'in the (press|news)', 'press (mentions|coverage|quotes)',
  'our (customers|clients|partners|users)', '(customers|clients|partners) (say|love)', 'partners?', 'integrations? partners',
  'as seen (in|on)', 'featured (in|on)', 'case stud(y|ies)', '(customer|success) stor(y|ies)', 'hear from',
  'kundenstimmen', 'referenzen', 'unsere (kunden|partner)', 'das sagen (unsere )?kunden', 'bekannt aus',
  'témoignages?', 'temoignages?', 'ils nous font confiance', 'nos (clients|partenaires)', 'avis( clients)?',
  'testimonios?', 'nuestros (clientes|socios)', 'opiniones', 'lo que dicen',
].map((p) => `(^|\\b)${p}(\\b|$)`).join('|'), 'iu');

export function headingIntroducesOthers(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 0 && t.length <= 80 && HEADING.test(t);
}
