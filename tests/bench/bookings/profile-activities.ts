import { readFileSync } from 'node:fs';

/** The parts of a V8 .cpuprofile that the split needs. */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

/**
 * What the app's main thread was doing, by the first of these a sample's stack passes through from its
 * root: the projector, the mail, the webhook's trip, the jobs, the booking's own routes, the HTTP stack
 * every call crosses, the database driver. Self time by function (summarizeCpuProfile) spreads the same
 * work over hundreds of small entries; this says which part of the product to make cheaper.
 */
const ACTIVITIES: Array<[name: string, frame: RegExp]> = [
  ['idle, garbage collection', /^\((idle|garbage collector|program)\)/],
  ['the profiler itself', /^dispatch |node:inspector/],
  ['projector (read models, reactors, announcements)', /projector\/src/],
  ['mail (outbox, SMTP and its catcher)', /nodemailer|smtp-server|mailparser|infra\/email\//],
  ["webhook delivery (the processor's HTTP client)", /webhook-delivery|undici/],
  ['job queues', /bullmq|infra\/jobs/],
  ['realtime (socket.io)', /engine\.io|socket\.io|read-api\/src\/realtime/],
  ['hold-slot and add-game', /command-api\/src\/games\/organize-routes/],
  ['checkout and the card form', /command-api\/src\/payments\/routes/],
  [
    'the webhook (inbox, ledger, purpose)',
    /command-api\/src\/payments\/webhook-routes|game-loop\/payments\/webhook-inbox/,
  ],
  ['identity (tokens, users)', /infra\/identity|current-user/],
  [
    'HTTP stack (server, express, middleware)',
    /_http_server|_http_common|express\/|router\/|body-parser|compression|helmet|request-context|metrics\/metrics|security-headers|xsrf|raw-body/,
  ],
  ['database driver (pg)', /node_modules\/pg\/|pg-protocol|pg-pool|postgres-event-store/],
];

export interface ActivityShare {
  activity: string;
  ms: number;
  share: number;
}

/** The profile's sampled time split by ACTIVITIES (the rest: 'other'), largest first. */
export function profileActivities(file: string): ActivityShare[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  /** Each leaf's activity, worked out once: many samples share a stack. */
  const activityOf = new Map<number, string>();
  const classify = (leaf: number): string => {
    const frames: string[] = [];
    for (let at: number | undefined = leaf; at !== undefined; at = parent.get(at)) {
      const { functionName, url } = byId.get(at)!.callFrame;
      frames.push(`${functionName} ${url}`);
    }
    for (const frame of frames.reverse())
      for (const [name, pattern] of ACTIVITIES) if (pattern.test(frame)) return name;
    // A stack in none of them: a native leaf (a socket write, a timer) is named; the rest is other.
    const leafName = byId.get(leaf)!.callFrame.functionName;
    return /^(writev|writeBuffer|writeUtf8String)$/.test(leafName) ? `socket writes (${leafName})` : 'other';
  };
  const ms = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((leaf, index) => {
    const sampleMs = (profile.timeDeltas[index] ?? 0) / 1000;
    total += sampleMs;
    let activity = activityOf.get(leaf);
    if (activity === undefined) activityOf.set(leaf, (activity = classify(leaf)));
    ms.set(activity, (ms.get(activity) ?? 0) + sampleMs);
  });
  return [...ms]
    .map(([activity, spent]) => ({ activity, ms: spent, share: total > 0 ? spent / total : 0 }))
    .sort((a, b) => b.ms - a.ms);
}
