// The request-body bytes a server holds in memory before the requests are answered (for
// Slack: before their signature is checked), shared by every body it is reading. When a
// piece does not fit, the body holding the most is shed first: a slow client trickling a
// big body goes, and the small requests real platforms send (a few kB) still get in.

export interface BodyHold {
  /** Bytes this body holds now. */
  readonly bytes: number;
}

interface Hold extends BodyHold {
  bytes: number;
  shed: () => void;
}

export class BodyBudget {
  private used = 0;
  private readonly holds = new Set<Hold>();

  constructor(readonly limit: number) {}

  /** Bytes held by every body being read. */
  get inFlight(): number {
    return this.used;
  }

  /** A new body; `shed` is called when its bytes are taken back for another one (refuse it then). */
  open(shed: () => void): BodyHold {
    const hold: Hold = { bytes: 0, shed };
    this.holds.add(hold);
    return hold;
  }

  /**
   * Adds `n` bytes to `hold`. To make room, bodies holding more than `hold` would then
   * hold are shed, largest first; false when even that does not make room.
   */
  take(hold: BodyHold, n: number): boolean {
    const own = hold as Hold;
    if (!this.holds.has(own)) return false;
    while (this.used + n > this.limit) {
      let largest: Hold | undefined;
      for (const h of this.holds) if (h !== own && (!largest || h.bytes > largest.bytes)) largest = h;
      if (!largest || largest.bytes <= own.bytes + n) return false;
      this.release(largest);
      largest.shed();
    }
    own.bytes += n;
    this.used += n;
    return true;
  }

  /** The body was read, refused or abandoned: its bytes are free again. */
  release(hold: BodyHold): void {
    const own = hold as Hold;
    if (!this.holds.delete(own)) return;
    this.used -= own.bytes;
    own.bytes = 0;
  }
}
