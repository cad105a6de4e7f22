import { Counts, type Tally } from '../../sim/tally.js';

/**
 * One chunk's samples counted here and added to the tally once (issue 16: no per-sample call into
 * the tally): the same tally as one `record` per sample, whose models slain are recorded when the
 * target has models or Health above 1, and destruction when it has models.
 */
export class SampleCounts {
  readonly damage = new Counts();
  readonly slain = new Counts();
  destroyed = 0;

  add(damage: number, slain: number, destroyed: boolean): void {
    this.damage.add(damage);
    this.slain.add(slain);
    if (destroyed) this.destroyed++;
  }

  addTo(tally: Tally, n: number, tracksSlain: boolean, tracksDestroyed: boolean): void {
    tally.samples += n;
    if (n === 0) return;
    const damage = this.damage.data;
    for (let k = 0; k < damage.length; k++) tally.damage.addMany(k, damage[k]);
    if (tracksSlain) {
      tally.tracksSlain = true;
      const slain = this.slain.data;
      for (let k = 0; k < slain.length; k++) tally.slain.addMany(k, slain[k]);
    }
    if (tracksDestroyed) {
      tally.tracksDestroyed = true;
      tally.destroyed += this.destroyed;
    }
  }
}
