/**
 * Crawlers and link previewers by user agent (issue 21): their requests are answered as anyone's,
 * but they are not counted as views, contacts or WhatsApp clicks. A request without a user agent is
 * not a browser either.
 */
const CRAWLER_RE =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|facebookcatalog|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegram|skypeuripreview|lighthouse|pingdom|uptime|headlesschrome\/.*\bpagespeed|python-requests|python-urllib|curl\/|wget\/|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|httpclient|scrapy|ahrefs|semrush|petalbot|bytespider|gptbot|ccbot|claudebot|perplexity/i;

export function isBot(userAgent: string | undefined): boolean {
  const ua = (userAgent ?? '').trim();
  return ua === '' || CRAWLER_RE.test(ua);
}
