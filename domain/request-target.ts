// The path and query of an absolute request URL ('http://host:port/path?query' → '/path?query'): what the prepared-read
// lane and the kept pages key their answers by (the host plays no part in them). A fetch Request's url always has a
// path, '/' at least.
export const pathAndQueryOf = (url: string): string => url.slice(url.indexOf('/', url.indexOf('//') + 2));
