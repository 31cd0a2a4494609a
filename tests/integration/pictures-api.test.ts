import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PICTURE_CACHE_CONTROL,
  PICTURE_MAX_BYTES,
  PICTURE_REFUSALS,
  PICTURE_STORED_MAX_SIDE,
  PICTURE_UPLOADS_PER_HOUR,
  PICTURE_UPLOADS_PER_HOUR_PER_NETWORK,
  UPLOAD_PICTURE_PATH,
  type UploadedPicture,
} from '@playtime/shared/contract/pictures';
import { FIELD_PICTURE_REFUSED, PROFILE_PICTURE_REFUSED } from '@playtime/shared/domain/pictures/addresses';
import { ApiClient, type ApiAnswer } from '../support/api-client';
import { demoClients, signUpPlayer, signedIn } from '../support/accounts';
import { conditionalGetStatus } from '../support/conditional-get';
import { addNewYorkField, newYorkFieldBody } from '../support/fields';
import { startTestApp, type TestApp } from '../support/standalone-app';

const errorOf = (answer: ApiAnswer) =>
  (answer.json as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

/** A camera's photo: a JPEG whose EXIF names the camera, its owner and where it was taken. */
async function cameraPhoto(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 160, b: 80 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Tracker 3000', Artist: 'Secret Owner', Copyright: 'serial-8841' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 42/1 46/1', GPSLongitudeRef: 'W', GPSLongitude: '74/1 0/1 21/1' },
    })
    .toBuffer();
}

describe('pictures over HTTP', () => {
  let app: TestApp;
  let owner: ApiClient;
  let player: ApiClient;
  let admin: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    [owner, player, admin] = await demoClients(app.url, 'owner', 'player', 'admin');
    for (const client of [owner, player, admin]) expect((await client.get('/api/get-user')).status).toBe(200);
  });
  afterAll(async () => {
    await app?.dispose();
  });

  async function upload(client: ApiClient, bytes: Buffer, type = 'image/jpeg'): Promise<UploadedPicture> {
    const answer = await client.upload(UPLOAD_PICTURE_PATH, bytes, type);
    expect(answer.status, answer.text).toBe(201);
    return answer.json as UploadedPicture;
  }

  it('takes a photo, re-encodes it as WebP without its EXIF, and serves it with a long immutable cache', async () => {
    const photo = await cameraPhoto(800, 600);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes('SpyCam')).toBe(true);

    const uploaded = await upload(owner, photo);
    expect(uploaded).toMatchObject({ width: 800, height: 600 });
    expect(uploaded.url).toMatch(/^\/api\/pictures\/[0-9a-f]{64}$/);

    const served = await fetch(`${app.url}${uploaded.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe(PICTURE_CACHE_CONTROL);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = served.headers.get('etag');
    expect(etag).toBe(`"${uploaded.url.split('/').at(-1)}"`);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(uploaded.bytes);
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    for (const secret of ['SpyCam', 'Tracker 3000', 'Secret Owner', 'serial-8841'])
      expect(bytes.includes(secret), secret).toBe(false);

    // A browser that has it asks again with its ETag and is told it is unchanged.
    expect(await conditionalGetStatus(`${app.url}${uploaded.url}`, etag!)).toBe(304);

    // The same picture again is the same address (kept once).
    expect((await upload(player, photo)).url).toBe(uploaded.url);
  });

  it('turns a photo upright and shrinks a large one to the stored size', async () => {
    const wide = await sharp({ create: { width: 3200, height: 1000, channels: 3, background: '#1f994b' } })
      .png()
      .toBuffer();
    expect(await upload(player, wide, 'image/png')).toMatchObject({ width: PICTURE_STORED_MAX_SIDE, height: 500 });
    // Taken with the phone on its side: EXIF orientation 6 means the pixels are turned a quarter.
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#ffffff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await upload(player, sideways)).toMatchObject({ width: 200, height: 400 });
  });

  it('refuses what is not a picture, whatever its name or type says', async () => {
    const cases: Array<[bytes: Buffer, type: string, code: string]> = [
      // A text file renamed .png and sent as a PNG.
      [Buffer.from('just some notes, not a picture\n'.repeat(20)), 'image/png', 'not_a_picture'],
      // An SVG can carry scripts and links to other sites: not taken.
      [
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><image href="https://tracker.example/p.gif"/></svg>',
        ),
        'image/svg+xml',
        'not_a_picture',
      ],
      // A JPEG cut off half way: its header reads, its pixels do not.
      [(await cameraPhoto(600, 400)).subarray(0, 400), 'image/jpeg', 'not_a_picture'],
      [
        await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
        'image/png',
        'too_small',
      ],
      [Buffer.alloc(0), 'image/png', 'empty'],
    ];
    for (const [bytes, type, code] of cases) {
      const answer = await player.upload(UPLOAD_PICTURE_PATH, bytes, type);
      expect(answer.status, `${code}: ${answer.text}`).toBe(422);
      const message = PICTURE_REFUSALS[code as keyof typeof PICTURE_REFUSALS];
      expect(errorOf(answer)).toEqual({ code, message, fields: { picture: message } });
    }
  });

  it('refuses a file over the size limit with a message a person can act on', async () => {
    const answer = await player.upload(UPLOAD_PICTURE_PATH, Buffer.alloc(PICTURE_MAX_BYTES + 1, 0xff), 'image/jpeg');
    expect(answer.status).toBe(413);
    expect(errorOf(answer)).toMatchObject({ code: 'too_large', message: PICTURE_REFUSALS.too_large });
    expect(PICTURE_REFUSALS.too_large).toBe('The picture is larger than 5 MB. Choose a smaller file.');
  });

  it('takes uploads only from a logged-in user, and no forged cross-site post', async () => {
    const photo = await cameraPhoto(100, 100);
    const nobody = await new ApiClient(app.url, null).upload(UPLOAD_PICTURE_PATH, photo, 'image/jpeg');
    expect(nobody.status).toBe(401);
    // A cross-site form can send the browser's cookies but not read the anti-forgery cookie to echo it.
    const forged = await fetch(`${app.url}${UPLOAD_PICTURE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', cookie: 'XSRF-TOKEN=the-victims-token' },
      body: new Uint8Array(photo),
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('xsrf');
  });

  it('takes at most the hourly number of uploads from one user, refusing more before reading them', async () => {
    const captain = await signedIn(app.url, 'captain');
    expect((await captain.get('/api/get-user')).status).toBe(200);
    // Shades far enough apart that no two re-encode to the same bytes (the same picture is kept, and counted, once).
    const distinct = (shade: number) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: { r: shade * 8, g: 120, b: 60 } } })
        .png()
        .toBuffer();
    for (let shade = 0; shade < PICTURE_UPLOADS_PER_HOUR; shade += 1)
      await upload(captain, await distinct(shade), 'image/png');
    const over = await captain.upload(UPLOAD_PICTURE_PATH, await distinct(31), 'image/png');
    expect(over.status).toBe(429);
    expect(errorOf(over)).toMatchObject({ code: 'too_many_uploads', message: PICTURE_REFUSALS.too_many_uploads });
    // Someone else still can.
    await upload(player, await distinct(31), 'image/png');
  });

  it('takes at most the hourly number of uploads from a user who sends many at once', async () => {
    const fresh = await signUpPlayer(app, 'many.uploads@example.com', 'Many');
    const pictures = await Promise.all(
      Array.from({ length: 2 * PICTURE_UPLOADS_PER_HOUR }, (_, n) =>
        sharp({
          create: {
            width: 64,
            height: 64,
            channels: 3,
            background: { r: (n % 8) * 32, g: Math.floor(n / 8) * 32, b: 60 },
          },
        })
          .png()
          .toBuffer(),
      ),
    );
    const answers = await Promise.all(pictures.map((bytes) => fresh.upload(UPLOAD_PICTURE_PATH, bytes, 'image/png')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(PICTURE_UPLOADS_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(PICTURE_UPLOADS_PER_HOUR);
  });

  it('takes at most the hourly number of uploads from one network, an IPv6 client counted by its /64', async () => {
    const network = '2001:db8:77:1';
    const users = await Promise.all(
      Array.from({ length: 4 }, (_, n) => signUpPlayer(app, `network.${n}@example.com`, `Network ${n}`)),
    );
    const statuses: number[] = [];
    for (let n = 0; n <= PICTURE_UPLOADS_PER_HOUR_PER_NETWORK; n += 1) {
      const bytes = await sharp({
        create: {
          width: 64,
          height: 64,
          channels: 3,
          background: { r: (n % 10) * 25, g: Math.floor(n / 10) * 25, b: 200 },
        },
      })
        .png()
        .toBuffer();
      // Shades far enough apart to stay distinct pictures (the same one twice is counted once); each
      // upload from another address of the one /64, and by the next user as each one's hour fills.
      const answer = await users[Math.floor(n / PICTURE_UPLOADS_PER_HOUR)]!.call('POST', UPLOAD_PICTURE_PATH, bytes, {
        'content-type': 'image/png',
        'x-forwarded-for': `${network}:${(n + 1).toString(16)}::1`,
      });
      statuses.push(answer.status);
      if (answer.status === 429)
        expect(errorOf(answer)).toMatchObject({
          code: 'too_many_uploads_from_network',
          message: PICTURE_REFUSALS.too_many_uploads_from_network,
        });
    }
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers 404 for a picture it does not have', async () => {
    expect((await fetch(`${app.url}/api/pictures/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/pictures/not-a-hash`)).status).toBe(404);
  });

  it("takes only an uploaded picture as a field's picture, refusing a link to another site", async () => {
    const field = { name: 'Hilltop', address: '2 Hill Rd' };
    const linked = await owner.post(
      '/api/add-field',
      newYorkFieldBody({ ...field, picture: 'https://tracker.example/pixel.gif' }),
    );
    expect(linked.status).toBe(400);
    expect(errorOf(linked)).toEqual({
      code: 'invalid_request',
      message: FIELD_PICTURE_REFUSED,
      fields: { picture: FIELD_PICTURE_REFUSED },
    });

    const { url } = await upload(owner, await cameraPhoto(1200, 800));
    await addNewYorkField(owner, { ...field, picture: url });
    const fields = (await owner.get('/api/get-owner-fields')).json as Array<{ fieldName: string; picture: string }>;
    expect(fields.find((one) => one.fieldName === 'Hilltop')?.picture).toBe(url);
  });

  it('takes a built-in avatar or an uploaded picture for a profile, refusing a link to another site', async () => {
    const linked = await player.post('/api/edit-user', {
      username: 'player',
      bio: '',
      profilePicture: 'https://tracker.example/pixel.gif',
    });
    expect(linked.status).toBe(400);
    expect(errorOf(linked).fields).toEqual({ profilePicture: PROFILE_PICTURE_REFUSED });

    const avatar = await player.post('/api/edit-user', {
      username: 'player',
      bio: '',
      profilePicture: '/avatars/9.svg',
    });
    expect(avatar.status, avatar.text).toBe(200);
    expect(((await player.get('/api/get-user')).json as { profilePicture: string }).profilePicture).toBe(
      '/avatars/9.svg',
    );

    const { url } = await upload(player, await cameraPhoto(300, 300));
    expect((await player.post('/api/edit-user', { username: 'player', bio: '', profilePicture: url })).status).toBe(
      200,
    );
    expect(((await player.get('/api/get-user')).json as { profilePicture: string }).profilePicture).toBe(url);
    // The admin's list shows it as the app's own address.
    const users = (await admin.seesWritesOf(player).get('/api/get-users?page=0&pageSize=50')).json as Array<{
      username: string;
      profilePicture: string;
    }>;
    expect(users.find((user) => user.username === 'player')?.profilePicture).toBe(url);
  });
});
