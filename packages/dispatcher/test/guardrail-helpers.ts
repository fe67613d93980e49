/*
 * Test support: guardrails that write what they judge on a trail and admit, or refuse when asked.
 */
import {
  ADMIT,
  type AdmissionGuardrail,
  type InputGuardrail,
  type OutputGuardrail,
  refuse,
} from '../src/index.ts';

export type Trail = string[];

export function admission(name: string, trail: Trail, refuseIt = false): AdmissionGuardrail {
  return {
    name,
    judge: (subject) => {
      trail.push(`${name}(${subject.principal})`);
      return refuseIt ? refuse(`${name} refuses`, false) : ADMIT;
    },
  };
}
export function input(name: string, trail: Trail, refuseIt = false): InputGuardrail<unknown> {
  return {
    name,
    judge: async (value) => {
      trail.push(`${name}(${JSON.stringify(value)})`);
      return refuseIt ? refuse(`${name} refuses`, true) : ADMIT;
    },
  };
}
export function output(name: string, trail: Trail, refuseIt = false): OutputGuardrail<unknown> {
  return {
    name,
    judge: (value) => {
      trail.push(`${name}(${JSON.stringify(value)})`);
      return refuseIt ? refuse(`${name} refuses`, false) : ADMIT;
    },
  };
}
