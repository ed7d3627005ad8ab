// The publish gate's contract check (issue 27, ADR 0039): a release must not take away or break a
// widget or event a live slice uses, nor need one the live slices do not offer. Each descriptor
// carries `contracts` (written from its slice.config.ts by the kernel's publishedDescriptorOf, slice-contracts.ts):
//   { widgets: { provides: { 'mf-booking/booking-panel': 1 }, consumes: { 'mf-messaging/message-dialog': 1 } },
//     events:  { emits: { notice: 1 }, listens: { 'session-changed': 1 } } }
// the numbers being the kernel's contract versions (widget-contracts.ts, event-versions.ts). The live
// manifest's entries carry the same field, so the gate needs nothing but the manifest.

/** @type {(v: unknown) => v is Record<string, any>} */
const isObj = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** @type {(v: unknown) => Record<string, number>} */
const versionMap = (v) => (isObj(v) ? v : {});

/**
 * The shape of a candidate's `contracts`: maps of id → positive integer version.
 * @param {Record<string, any>} d a candidate's descriptor
 */
export function contractShapeProblems(d) {
  if (d.contracts === undefined)
    return ['contracts is missing: rebuild the slice (infra/scripts/slices.mjs writes it from slice.config.ts)'];
  if (!isObj(d.contracts)) return ['contracts must be an object'];
  /** @type {string[]} */
  const problems = [];
  /** @type {[string, string[]][]} */
  const groups = [
    ['widgets', ['provides', 'consumes']],
    ['events', ['emits', 'listens']],
  ];
  for (const [kind, sides] of groups) {
    const group = d.contracts[kind];
    if (group === undefined) continue;
    if (!isObj(group)) {
      problems.push(`contracts.${kind} must be an object`);
      continue;
    }
    for (const side of sides) {
      const map = group[side];
      if (map === undefined) continue;
      if (!isObj(map) || Object.values(map).some((v) => !Number.isInteger(v) || v < 1))
        problems.push(`contracts.${kind}.${side} must map names to contract versions (positive integers)`);
    }
  }
  return problems;
}

/**
 * A remote's contracts, or null for an entry published before contracts existed (it states nothing).
 * @param {any} entry a manifest entry or a candidate's descriptor, as read
 */
function contractsOf(entry) {
  if (!isObj(entry?.contracts)) return null;
  const w = versionMap(entry.contracts.widgets);
  const e = versionMap(entry.contracts.events);
  return { provides: versionMap(w.provides), consumes: versionMap(w.consumes), emits: versionMap(e.emits), listens: versionMap(e.listens) };
}

const label = (/** @type {{ name: string, version?: string }} */ r) => `${r.name}${r.version ? `@${r.version}` : ''}`;

/**
 * The reasons the candidate breaks a contract with the live slices, each naming the other slice.
 * @param {any} candidate its descriptor
 * @param {{ remotes?: any[] }} manifest the live release
 * @param {any} [shell] the live shell's descriptor: the widgets it renders are consumed too
 */
export function contractProblems(candidate, manifest, shell) {
  const shape = contractShapeProblems(candidate);
  if (shape.length) return shape.map((p) => `invalid descriptor: ${p}`);
  const mine = /** @type {NonNullable<ReturnType<typeof contractsOf>>} */ (contractsOf(candidate));
  const others = (manifest.remotes ?? []).filter((r) => r.name !== candidate.name);
  const current = (manifest.remotes ?? []).find((r) => r.name === candidate.name);
  const problems = [];

  // What the live shell renders of this one (shell-descriptor.json, from shell/src/shell-contracts.ts).
  for (const [id, version] of Object.entries(versionMap(shell?.contracts?.widgets?.consumes))) {
    if (!id.startsWith(`${candidate.name}/`)) continue;
    const offered = mine.provides[id];
    if (offered === undefined)
      problems.push(`widget ${id}: the build no longer provides it, and the live shell renders it (version ${version})`);
    else if (offered !== version)
      problems.push(`widget ${id}: the build provides contract version ${offered}, the live shell renders version ${version}`);
  }
  // What live slices use of this one: its widgets, by contract version.
  for (const other of others) {
    const theirs = contractsOf(other);
    if (!theirs) continue;
    for (const [id, version] of Object.entries(theirs.consumes)) {
      if (!id.startsWith(`${candidate.name}/`)) continue;
      const offered = mine.provides[id];
      if (offered === undefined)
        problems.push(`widget ${id}: the build no longer provides it, and the live ${label(other)} consumes it (version ${version})`);
      else if (offered !== version)
        problems.push(`widget ${id}: the build provides contract version ${offered}, the live ${label(other)} consumes version ${version}`);
    }
    // Events: a listener is broken by a payload of another version, or by the last emitter leaving.
    for (const [event, version] of Object.entries(theirs.listens)) {
      const sent = mine.emits[event];
      if (sent !== undefined && sent !== version)
        problems.push(`event ${event}: the build emits contract version ${sent}, the live ${label(other)} listens to version ${version}`);
      const emittedBefore = contractsOf(current)?.emits[event] !== undefined || (current?.events?.emits ?? []).includes(event);
      const otherEmitters = others.filter((o) => contractsOf(o)?.emits[event] !== undefined || (o.events?.emits ?? []).includes(event));
      if (sent === undefined && emittedBefore && otherEmitters.length === 0) {
        problems.push(
          `event ${event}: the build no longer emits it, and the live ${label(other)} listens to it with no other live slice emitting it`,
        );
      }
    }
  }

  // What this one needs from the live slices.
  for (const [id, version] of Object.entries(mine.consumes)) {
    const remote = id.slice(0, id.indexOf('/'));
    if (remote === candidate.name) {
      if (mine.provides[id] !== version)
        problems.push(`widget ${id}: the build consumes version ${version} of its own widget but provides ${mine.provides[id] ?? 'none'}`);
      continue;
    }
    const provider = others.find((o) => o.name === remote);
    if (!provider) {
      problems.push(`widget ${id}: the build consumes it (version ${version}), and no live slice provides it (${remote} is not live)`);
      continue;
    }
    const theirs = contractsOf(provider);
    // An entry from before contracts: the exposed module is all it states.
    const offered = theirs
      ? theirs.provides[id]
      : (provider.widgets ?? {})[`./${id.slice(id.indexOf('/') + 1)}`] !== undefined
        ? version
        : undefined;
    if (offered === undefined)
      problems.push(`widget ${id}: the build consumes it (version ${version}), and the live ${label(provider)} does not provide it`);
    else if (offered !== version)
      problems.push(
        `widget ${id}: the build consumes contract version ${version}, the live ${label(provider)} provides version ${offered}`,
      );
  }
  // Events it listens to: every live emitter must send the same version. (No emitter at all is no
  // refusal: the shell and the kernel emit events too, and the shell's build does not list them.)
  for (const [event, version] of Object.entries(mine.listens)) {
    for (const other of others) {
      const sent = contractsOf(other)?.emits[event];
      if (sent !== undefined && sent !== version)
        problems.push(`event ${event}: the build listens to contract version ${version}, the live ${label(other)} emits version ${sent}`);
    }
  }
  return [...new Set(problems)];
}
