import { describe, expect, it } from 'vitest';
import { networkFeeSettings } from './network-fees';
import { offerFees } from './offer-detail';

const leader = { feeType: 'FLAT_PERCENTAGE', feeValue: 0 };
const sara = { feeType: 'FLAT_PERCENTAGE', feeValue: 60 };
const paolo = { feeType: 'HIERARCHICAL_PERCENTAGE', feeValue: 40 };
const elena = { feeType: 'FIXED_VALUE', feeValue: 150 };

describe('a network member’s share of an offer’s margin', () => {
  it('is a flat percentage of the margin, or a fixed fee, whatever the network above', () => {
    expect(networkFeeSettings([sara, leader])).toEqual(sara);
    expect(networkFeeSettings([elena, sara, leader])).toEqual(elena);
    expect(networkFeeSettings([{ feeType: 'FLAT_PERCENTAGE', feeValue: -5 }])).toEqual({ feeType: 'FLAT_PERCENTAGE', feeValue: 0 });
  });

  it('is, hierarchically, a percentage of what the parent earns; the head of the network earns the whole margin', () => {
    expect(networkFeeSettings([paolo, leader])).toEqual({ feeType: 'FLAT_PERCENTAGE', feeValue: 40 });
    expect(networkFeeSettings([paolo])).toEqual({ feeType: 'FLAT_PERCENTAGE', feeValue: 40 });
    expect(networkFeeSettings([{ feeType: 'HIERARCHICAL_PERCENTAGE', feeValue: 50 }, sara, leader])).toEqual({ feeType: 'FLAT_PERCENTAGE', feeValue: 30 });
    expect(networkFeeSettings([{ feeType: 'HIERARCHICAL_PERCENTAGE', feeValue: 50 }, paolo, leader])).toEqual({ feeType: 'FLAT_PERCENTAGE', feeValue: 20 });
    // Half of a parent's fixed fee is itself a fixed fee: the rate does not move it.
    expect(networkFeeSettings([{ feeType: 'HIERARCHICAL_PERCENTAGE', feeValue: 50 }, elena, sara, leader])).toEqual({ feeType: 'FIXED_VALUE', feeValue: 75 });
    expect(networkFeeSettings([{ feeType: 'HIERARCHICAL_PERCENTAGE', feeValue: 250 }, sara, leader])).toEqual(sara);
  });

  it('prices the sub-agent’s own earning and leaves the margin, the leader’s figure, out', () => {
    const sub = offerFees(1500, 300, networkFeeSettings([sara, leader]), { showMargin: false });
    expect(sub).toMatchObject({ agentFee: 60, defaultFeeValue: 900, originalPotentialProfit: null, finalPotentialProfit: null });
    const deeper = offerFees(1500, 300, networkFeeSettings([{ feeType: 'HIERARCHICAL_PERCENTAGE', feeValue: 50 }, sara, leader]), { showMargin: false });
    expect(deeper).toMatchObject({ agentFee: 30, defaultFeeValue: 450, originalPotentialProfit: null });
    expect(offerFees(1500, 300, leader)).toMatchObject({ originalPotentialProfit: 1500, finalPotentialProfit: 1500 });
  });
});
