/**
 * Just enough of a browser for driving the provider over HTTP in tests: a cookie jar (by name and
 * path; one host), redirects followed by hand so each hop can be inspected, and form reading.
 */

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export interface Page {
  url: string;
  status: number;
  body: string;
  headers: Headers;
}

export interface HtmlForm {
  action: string;
  fields: Record<string, string>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function decodeEntities(value: string): string {
  return value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decodeEntities(match[1]!) : undefined;
}

/** The first form (or the one with `id`) and its hidden and pre-filled inputs. */
export function readForm(html: string, baseUrl: string, id?: string): HtmlForm {
  const forms = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].map((match) => match[0]);
  const form = id
    ? forms.find((candidate) => attribute(candidate.slice(0, candidate.indexOf('>') + 1), 'id') === id)
    : forms[0];
  if (!form) throw new Error(`no form${id ? ` #${id}` : ''} in page:\n${html}`);
  const fields: Record<string, string> = {};
  for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(input, 'name');
    if (name) fields[name] = attribute(input, 'value') ?? '';
  }
  return { action: new URL(attribute(form, 'action') ?? '', baseUrl).href, fields };
}

export class HttpBrowser {
  private readonly cookies = new Map<string, StoredCookie>();

  constructor(private readonly headers: Record<string, string> = {}) {}

  /** One request, no redirects followed; cookies sent and stored. */
  async request(url: string, init: RequestInit = {}): Promise<Page> {
    const target = new URL(url);
    const headers = new Headers({ ...this.headers, ...(init.headers as Record<string, string> | undefined) });
    const cookie = [...this.cookies.values()]
      .filter((stored) => target.pathname.startsWith(stored.path))
      .map((stored) => `${stored.name}=${stored.value}`)
      .join('; ');
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return { url, status: response.status, body: await response.text(), headers: response.headers };
  }

  /**
   * Follows redirects until a page is served or the next location satisfies `stopAt` (the app's
   * redirect URI, which nothing serves in tests); returns that location as `url` with status 0.
   */
  async navigate(url: string, init: RequestInit = {}, stopAt: (url: string) => boolean = () => false): Promise<Page> {
    let page = await this.request(url, init);
    for (let hops = 0; REDIRECTS.has(page.status); hops += 1) {
      if (hops > 10) throw new Error(`too many redirects from ${url}`);
      const location = new URL(page.headers.get('location')!, page.url).href;
      if (stopAt(location)) return { url: location, status: 0, body: '', headers: page.headers };
      page = await this.request(location);
    }
    return page;
  }

  submit(form: HtmlForm, values: Record<string, string> = {}, stopAt?: (url: string) => boolean): Promise<Page> {
    return this.navigate(
      form.action,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...form.fields, ...values }).toString(),
      },
      stopAt,
    );
  }

  private store(line: string): void {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const separator = pair!.indexOf('=');
    const name = pair!.slice(0, separator);
    const value = pair!.slice(separator + 1);
    const options = new Map(
      attributes.map((attr) => {
        const [key, ...rest] = attr.split('=');
        return [key!.toLowerCase(), rest.join('=')] as const;
      }),
    );
    const expires = options.get('expires');
    const removed =
      value === '' || options.get('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now());
    const path = options.get('path') || '/';
    const key = `${name} ${path}`;
    if (removed) this.cookies.delete(key);
    else this.cookies.set(key, { name, value, path });
  }
}
