import { spawnSync } from 'node:child_process';

/**
 * Real constrained links on this machine (issue 21, "How to measure"): each test viewer gets its
 * own network namespace, joined to the root namespace by a veth pair with a private /30. Bandwidth
 * is a `tc tbf` on each end of the veth (down- and uplink); random loss is `iptables -m statistic`
 * inside the namespace (INPUT and OUTPUT), so the root namespace's own firewall is never touched.
 * Deleting a namespace takes its veth pair, the qdiscs on both ends and its iptables rules with it,
 * so clean-up is: kill what runs inside, delete the namespace.
 *
 * The box listens on `boxAddress`, the root end of a link whose namespace holds nothing: Linux
 * delivers to any local address whatever interface a packet came in on, so every viewer reaches it
 * over its own (shaped) veth, and the host in the root namespace reaches it over loopback.
 * Nothing here uses an address outside the links it made.
 */
export interface LinkShape {
  /** Bandwidth each way in kbit/s; none leaves the veth unshaped. */
  rateKbit?: number;
  /** Random loss each way, in percent. */
  lossPercent?: number;
}

export interface NetLink {
  label: string;
  namespace: string;
  /** The root namespace's end (the viewer's gateway). */
  rootAddress: string;
  /** The viewer's own address inside its namespace. */
  address: string;
  shape: LinkShape;
}

export interface TestNetwork {
  /** Where the box listens (HOST, RTC_LISTEN_IP) so that every link's viewer reaches it. */
  boxAddress: string;
  links: NetLink[];
  link(label: string): NetLink;
  /** Kills whatever still runs in the namespaces and deletes them. Idempotent. */
  close(): void;
}

/** Every name this module makes starts so; the owner's pid follows, for the leftover sweep. */
const NAMESPACE_PREFIX = 'rrnl-';
const VETH_PATTERN = /^rl(\d+)[rn]\d+$/;

function run(command: string, args: string[], { allowFailure = false } = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0 && !allowFailure) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
  return result.stdout ?? '';
}

const inNamespace = (namespace: string, command: string, args: string[]) =>
  run('ip', ['netns', 'exec', namespace, command, ...args]);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function deleteNamespace(namespace: string): void {
  // A browser still running inside would keep nothing alive (the namespace goes when its last
  // process leaves), but it would keep working on a dead link: stop it first.
  for (const pid of run('ip', ['netns', 'pids', namespace], { allowFailure: true }).split(/\s+/).filter(Boolean)) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  // The kernel destroys a deleted namespace (and the veth pair in it) only once its last process
  // has exited, later and asynchronously; deleting the veth first removes both ends at once.
  const veths = run('ip', ['-n', namespace, '-o', 'link', 'show', 'type', 'veth'], { allowFailure: true });
  for (const match of veths.matchAll(/^\d+: ([^@:\s]+)/gm)) {
    run('ip', ['-n', namespace, 'link', 'del', match[1]!], { allowFailure: true });
  }
  run('ip', ['netns', 'del', namespace], { allowFailure: true });
}

/**
 * Removes what earlier runs left when they crashed or were killed: namespaces and stray veths whose
 * owning process is gone. A live run's (a parallel test) are left alone.
 */
export function sweepLeftoverLinks(): void {
  for (const line of run('ip', ['netns', 'list'], { allowFailure: true }).split('\n')) {
    const name = line.split(' ')[0] ?? '';
    const owner = Number(/^rrnl-(\d+)-/.exec(name)?.[1]);
    if (name.startsWith(NAMESPACE_PREFIX) && owner && !isAlive(owner)) deleteNamespace(name);
  }
  for (const line of run('ip', ['-o', 'link', 'show'], { allowFailure: true }).split('\n')) {
    const name = /^\d+:\s+([^:@\s]+)/.exec(line)?.[1] ?? '';
    const owner = Number(VETH_PATTERN.exec(name)?.[1]);
    if (owner && !isAlive(owner)) run('ip', ['link', 'del', name], { allowFailure: true });
  }
}

/** A /16 of 10.0.0.0/8 no interface of this machine uses yet; one /30 per link inside it. */
function freeSubnet(): number {
  const used = run('ip', ['-o', '-4', 'addr', 'show']);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const second = 100 + ((process.pid + attempt) % 150);
    if (!used.includes(` 10.${second}.`)) return second;
  }
  throw new Error('no free 10.x.0.0/16 for the test links');
}

/** tbf on one end of a veth: a 20 ms burst and a queue of about 200 ms, like a home router. */
function shapeDevice(namespace: string | null, device: string, rateKbit: number): void {
  const burstBytes = Math.max(3200, Math.round((rateKbit * 1000) / 8 / 50));
  const args = ['qdisc', 'replace', 'dev', device, 'root', 'tbf', 'rate', `${rateKbit}kbit`];
  args.push('burst', String(burstBytes), 'latency', '200ms');
  if (namespace) inNamespace(namespace, 'tc', args);
  else run('tc', args);
}

function addLoss(namespace: string, lossPercent: number): void {
  const probability = String(lossPercent / 100);
  for (const chain of ['INPUT', 'OUTPUT']) {
    inNamespace(namespace, 'iptables', [
      '-A',
      chain,
      '-m',
      'statistic',
      '--mode',
      'random',
      '--probability',
      probability,
      '-j',
      'DROP',
    ]);
  }
}

function makeLink(index: number, subnet: number, label: string, shape: LinkShape): NetLink {
  const namespace = `${NAMESPACE_PREFIX}${process.pid}-${index}`;
  const [rootDevice, innerDevice] = [`rl${process.pid}r${index}`, `rl${process.pid}n${index}`];
  const [rootAddress, address] = [`10.${subnet}.${index}.1`, `10.${subnet}.${index}.2`];
  run('ip', ['netns', 'add', namespace]);
  run('ip', ['link', 'add', rootDevice, 'type', 'veth', 'peer', 'name', innerDevice, 'netns', namespace]);
  run('ip', ['addr', 'add', `${rootAddress}/30`, 'dev', rootDevice]);
  run('ip', ['link', 'set', rootDevice, 'up']);
  run('ip', ['-n', namespace, 'addr', 'add', `${address}/30`, 'dev', innerDevice]);
  run('ip', ['-n', namespace, 'link', 'set', innerDevice, 'up']);
  run('ip', ['-n', namespace, 'link', 'set', 'lo', 'up']);
  // The box listens on another link's root address: reach it (and only the root) through this one.
  run('ip', ['-n', namespace, 'route', 'add', 'default', 'via', rootAddress]);
  if (shape.rateKbit) {
    shapeDevice(null, rootDevice, shape.rateKbit);
    shapeDevice(namespace, innerDevice, shape.rateKbit);
  }
  if (shape.lossPercent) addLoss(namespace, shape.lossPercent);
  return { label, namespace, rootAddress, address, shape };
}

const open = new Set<TestNetwork>();
let hooksInstalled = false;

/** Clean-up that runs however the process ends: a normal exit, Ctrl-C, SIGTERM, an uncaught error. */
function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  const closeAll = () => {
    for (const network of open) network.close();
  };
  process.on('exit', closeAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      closeAll();
      process.kill(process.pid, signal); // then end as that signal would have
    });
  }
}

/**
 * Makes one namespace per `viewers` entry (in order), plus the box's link, after sweeping what
 * crashed runs left. Needs root (ip netns, tc, iptables).
 */
export function createTestNetwork(viewers: { label: string; shape: LinkShape }[]): TestNetwork {
  sweepLeftoverLinks();
  installExitHooks();
  const subnet = freeSubnet();
  const made: NetLink[] = [];
  let closed = false;
  const network: TestNetwork = {
    boxAddress: '',
    links: made,
    link(label) {
      const found = made.find((l) => l.label === label);
      if (!found) throw new Error(`no link labelled ${label}`);
      return found;
    },
    close() {
      if (closed) return;
      closed = true;
      open.delete(network);
      for (const link of made) deleteNamespace(link.namespace);
      for (let i = 0; i <= viewers.length; i += 1) deleteNamespace(`${NAMESPACE_PREFIX}${process.pid}-${i}`);
    },
  };
  open.add(network);
  try {
    const box = makeLink(0, subnet, 'box', {});
    network.boxAddress = box.rootAddress;
    viewers.forEach((viewer, i) => made.push(makeLink(i + 1, subnet, viewer.label, viewer.shape)));
  } catch (error) {
    network.close();
    throw error;
  }
  return network;
}

/** What a link is, in words: '1000 kbit/s, 2% loss'. */
export function describeShape(shape: LinkShape): string {
  const parts = [shape.rateKbit ? `${shape.rateKbit} kbit/s` : 'unconstrained'];
  if (shape.lossPercent) parts.push(`${shape.lossPercent}% loss`);
  return parts.join(', ');
}
