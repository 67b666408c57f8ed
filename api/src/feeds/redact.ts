/**
 * Issue 40: a partner's feed URL, and its photos' URLs, may carry credentials (a user and password,
 * a token or a signature in the query). They go to the partner's server and nowhere else: every
 * report, log line and feeds.log entry names a URL through these, which keep its scheme, host, port
 * and path and hide the user information and every query value.
 */
const HIDDEN = '***';

/** A URL fit for a log; a file path as it is. */
export function redactUrl(location: string): string {
  if (!/^https?:\/\//i.test(location)) return location;
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    // not even a URL (a piece of one in a message): nothing of it after the scheme
    return `${location.slice(0, location.indexOf('//') + 2)}${HIDDEN}`;
  }
  if (url.username || url.password) {
    url.username = HIDDEN;
    url.password = '';
  }
  const names = [...url.searchParams.keys()];
  url.search = names.length ? `?${names.map((name) => `${encodeURIComponent(name)}=${HIDDEN}`).join('&')}` : '';
  url.hash = '';
  return url.toString();
}

/** A message with every http(s) URL in it redacted (errors may quote the address they failed on). */
export function redactUrls(text: string): string {
  return text.replace(/\bhttps?:\/\/[^\s"'<>]+/gi, (found) => redactUrl(found));
}
