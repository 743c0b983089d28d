import { describe, expect, it } from 'vitest';
import { DEFAULT_PROBE } from '../../src/doctor/service-checks.js';
import { DoctorUsageError, parseDoctorArgs } from '../../src/doctor/doctor-args.js';

describe('parseDoctorArgs', () => {
  it('defaults: no conversation, the default probe, ./manifest.yml', () => {
    expect(parseDoctorArgs([], {})).toEqual({ probe: DEFAULT_PROBE, manifestPath: 'manifest.yml', help: false });
  });

  it('takes the conversation from --conversation, else DOCTOR_CONVERSATION_ID', () => {
    expect(parseDoctorArgs(['--conversation', '42'], { DOCTOR_CONVERSATION_ID: '7' }).conversationId).toBe('42');
    expect(parseDoctorArgs([], { DOCTOR_CONVERSATION_ID: ' 7 ' }).conversationId).toBe('7');
    // The real service's ids pass 2^53: kept as their digits.
    expect(parseDoctorArgs(['--conversation', '1197862772277383101'], {}).conversationId).toBe('1197862772277383101');
    expect(parseDoctorArgs([], { DOCTOR_CONVERSATION_ID: '' }).conversationId).toBeUndefined();
  });

  it('overrides the probe and the manifest path', () => {
    const args = parseDoctorArgs(['--symbol', 'SH:600519', '--index', '000300', '--query', '茅台', '--manifest', 'x.yml'], {});
    expect(args.probe).toEqual({ ...DEFAULT_PROBE, symbol: 'SH:600519', index: '000300', query: '茅台' });
    expect(args.manifestPath).toBe('x.yml');
  });

  it('refuses a bad conversation id and unknown options with a usage error', () => {
    for (const bad of ['x', '0', '-3', '1.5', '1e9', '']) {
      expect(() => parseDoctorArgs(['--conversation', bad], {}), bad).toThrow(DoctorUsageError);
    }
    expect(() => parseDoctorArgs(['--verbose'], {})).toThrow(DoctorUsageError);
    expect(() => parseDoctorArgs(['extra'], {})).toThrow(DoctorUsageError);
  });
});
