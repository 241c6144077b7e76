// Xid events: read from the driver's and the device plugin's lines, explained from
// NVIDIA's catalogue, and weighed so that application Xids are not blamed on hardware.
import { describe, expect, it } from 'vitest';
import { diagnoseText } from '../../../src/core/diagnose.js';
import { diagnosisReply } from '../../../src/core/reply/diagnosis.js';
import { renderText } from '../../../src/core/reply/render-text.js';
import { findXids } from '../../../src/core/xid/find.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

const loaded = loadKnowledge();
if (!loaded.ok) throw new Error('knowledge does not load');
const kb = loaded.kb;

describe('findXids', () => {
  it.each([
    [
      '[Fri Aug 30 11:43:14 2024] NVRM: Xid (PCI:0000:cb:00): 109, pid=1797828, name=pt_main_thread, Ch 00000008, errorString CTX SWITCH TIMEOUT, Info 0x58005',
      [{ xid: 109, pci: '0000:cb:00', pid: 1797828, process: 'pt_main_thread' }],
    ],
    [
      "NVRM: Xid (PCI:0000:07:00): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) has been detected on GPU",
      [{ xid: 48, pci: '0000:07:00' }],
    ],
    [
      'NVRM: Xid (0000:01:00): 3, C 00000005 SC 00000007 M 00001ffc Data ffffffff',
      [{ xid: 3, pci: '0000:01:00' }],
    ],
    ['XidCriticalError: Xid=94 on Device=GPU-d23d91a3; marking device as unhealthy', [{ xid: 94 }]],
    ['we saw Xid 79 on that node last week', []],
    ['grep -i "NVRM: Xid" /var/log/syslog', []],
    ['NVRM: Xid (PCI:0000:01:00): 99999999, pid=1', []],
  ])('GIVEN %j THEN it finds %j', (line, expected) => {
    expect(findXids(line)).toEqual(expected);
  });
});

describe('Xid reports in a diagnosis', () => {
  const cases = [
    [13, 'application', 'restart-app', 'RESTART_APP', 'illegal-memory-access'],
    [31, 'application', 'restart-app', 'RESTART_APP', 'illegal-memory-access'],
    [43, 'application', 'none', 'IGNORE', undefined],
    [48, 'hardware', 'reset-gpu', 'WORKFLOW_XID_48', 'gpu-hardware-fault'],
    [74, 'hardware', 'reset-gpu', 'WORKFLOW_NVLINK_ERR', 'gpu-hardware-fault'],
    [79, 'hardware', 'reboot-node', 'RESTART_BM', 'gpu-hardware-fault'],
    [94, 'hardware', 'restart-app', 'RESTART_APP', 'gpu-hardware-fault'],
    [95, 'hardware', 'reset-gpu', 'RESET_GPU', 'gpu-hardware-fault'],
    [119, 'driver', 'reset-gpu', 'RESET_GPU', 'gpu-driver-state'],
  ] as const;

  it.each(cases)(
    'GIVEN a kernel log with Xid %d THEN it points at the %s, says %s (%s), and the top cause is %s',
    (xid, points, action, nvidia, cause) => {
      const d = diagnoseText(
        `[12.5] NVRM: Xid (PCI:0000:41:00): ${xid}, pid=4242, name=python, details\n`,
        kb,
      );
      expect(d.xids.map((x) => [x.xid, x.points, x.action, x.nvidiaAction])).toEqual([
        [xid, points, action, nvidia],
      ]);
      expect(d.causes[0]?.id).toBe(cause);
      expect(d.xids[0]!.meaning.length).toBeGreaterThan(5);
      expect(d.xids[0]!.source).toContain('docs.nvidia.com/deploy/xid-errors');
    },
  );

  it('GIVEN an application Xid THEN gpu-hardware-fault is not among the causes at all', () => {
    for (const xid of [13, 31, 43]) {
      const d = diagnoseText(`NVRM: Xid (PCI:0000:41:00): ${xid}, pid=1, Graphics Exception\n`, kb);
      expect(d.causes.map((c) => c.id)).not.toContain('gpu-hardware-fault');
    }
  });

  it('GIVEN an Xid the catalogue lacks THEN it is reported as unknown with where to look', () => {
    const d = diagnoseText('NVRM: Xid (PCI:0000:41:00): 9999, pid=1, something new\n', kb);
    expect(d.xids[0]).toMatchObject({ xid: 9999, points: 'unknown', action: 'unknown' });
    expect(d.xids[0]!.advice).toContain('https://docs.nvidia.com/deploy/xid-errors');
  });

  it('GIVEN Xid 45 after Xid 48 THEN the follow-on event comes after the one it follows', () => {
    const d = diagnoseText(
      [
        'NVRM: Xid (PCI:0000:41:00): 45, pid=7, Ch 00000010',
        'NVRM: Xid (PCI:0000:41:00): 48, pid=7, An uncorrectable double bit error (DBE) has been detected',
      ].join('\n'),
      kb,
    );
    expect(d.xids.map((x) => x.xid)).toEqual([48, 45]);
  });

  it('GIVEN a flood of the same Xid THEN one report counts every line and quotes the first three', () => {
    const line =
      "NVRM: Xid (PCI:0000:43:00): 13, pid='<unknown>', name=<unknown>, Graphics Exception: ESR 0x52e7b0=0x101000e";
    const d = diagnoseText(Array(500).fill(line).join('\n'), kb);
    expect(d.xids).toHaveLength(1);
    expect(d.xids[0]!.count).toBe(500);
    expect(d.xids[0]!.evidence.map((e) => e.line)).toEqual([1, 2, 3]);
  });

  it('GIVEN an Xid in a log THEN the text reply names its meaning and NVIDIA\'s action, not only "hardware fault"', () => {
    const d = diagnoseText(
      'NVRM: Xid (PCI:0000:41:00): 13, pid=1, Graphics SM Warp Exception on (GPC 1, TPC 0, SM 0): Illegal Instruction Encoding\n',
      kb,
    );
    const text = renderText(diagnosisReply(d));
    expect(text).toContain('Xid 13 (Graphics Engine Exception) points at the application');
    expect(text).toContain('Restart the application');
    expect(text).toContain('compute-sanitizer');
  });

  it('GIVEN the catalogue THEN every row names guidance and the application Xids 13, 31 and 43 point at the application', () => {
    for (const row of kb.xid.rows) expect(kb.xid.guidance[row.immediate], `Xid ${row.xid}`).toBeDefined();
    expect(kb.xid.rows.filter((r) => [13, 31, 43].includes(r.xid)).map((r) => r.points)).toEqual([
      'application',
      'application',
      'application',
    ]);
  });
});
