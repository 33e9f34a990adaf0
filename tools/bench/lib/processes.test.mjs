import { expect } from 'chai';
import { RestartableProcess } from './processes.mjs';

/** A stand-in for a started MeasuredProcess: a pid, a peak RSS, and whether it was stopped. */
function fakeProcess(pid, peakRssMb) {
  return {
    child: { pid },
    peakRssMb,
    stopped: false,
    async stop() {
      this.stopped = true;
    },
  };
}

describe('bench restartable process', () => {
  it('replaces the process with a fresh one, stopping the old one first, and keeps the highest peak RSS', async () => {
    const started = [fakeProcess(101, 220), fakeProcess(102, 140), fakeProcess(103, 90)];
    let next = 0;
    const service = await new RestartableProcess(async () => {
      if (next > 0) expect(started[next - 1].stopped).to.equal(true);
      return started[next++];
    }).begin();
    expect(service.pid).to.equal(101);
    await service.restart();
    expect(service.pid).to.equal(102);
    expect(started[0].stopped).to.equal(true);
    expect(service.peakRssMb).to.equal(220);
    await service.restart();
    started[2].peakRssMb = 250;
    expect(service.peakRssMb).to.equal(250);
    await service.stop();
    expect(started[2].stopped).to.equal(true);
    expect(service.peakRssMb).to.equal(250);
  });
});
