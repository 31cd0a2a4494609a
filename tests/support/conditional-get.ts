import { get } from 'node:http';

/**
 * The status of a GET that sends `If-None-Match: etag`, as a browser or a calendar app revalidating
 * its copy does. Over node:http, because fetch marks a conditional request no-cache, which asks for
 * the whole answer again.
 */
export function conditionalGetStatus(url: string, etag: string): Promise<number | undefined> {
  return new Promise((resolve, reject) =>
    get(url, { headers: { 'if-none-match': etag } }, (response) => {
      response.resume();
      resolve(response.statusCode);
    }).on('error', reject),
  );
}
