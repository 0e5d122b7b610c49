import { describe, expect, it } from 'vitest';
import { readPaymentSuccess, sponsorOptions, sponsorUserId } from './sponsor-offers';
import { type AccountsState } from '../store/accounts-slice';

const noAccounts: AccountsState = {
  github: [],
  google: [],
  forges: { gitlab: [], gitea: [], gitee: [] },
} as unknown as AccountsState;

describe('sponsorOptions', () => {
  it('links each offer to PayPal with cmd, its hosted_button_id and the user in custom', () => {
    const options = sponsorOptions(
      'https://www.paypal.com/cgi-bin/webscr',
      ['A1', 'B2', 'C3'],
      'gh:42',
    );
    expect(options.map((option) => [option.price, option.offer, option.description])).toEqual([
      ['$1.99', undefined, '3 months sponsorship'],
      ['$5.99', '-25%', '1 year sponsorship'],
      ['$9.99', '-37%', '2 years sponsorship'],
    ]);
    expect(options[1]!.link).toBe(
      'https://www.paypal.com/cgi-bin/webscr?cmd=_s-xclick&hosted_button_id=B2&custom=gh%3A42',
    );
  });

  it('offers nothing when the server has no buttons', () => {
    expect(sponsorOptions('https://www.paypal.com/cgi-bin/webscr', [], 'gh:42')).toEqual([]);
  });
});

describe('sponsorUserId', () => {
  it('names a GitHub login gh:{id}, a Google one go:{sub}, and nobody else', () => {
    expect(sponsorUserId(noAccounts)).toBeUndefined();
    const github = { ...noAccounts, github: [{ sub: '7', name: 'ann', isLogin: true }] };
    expect(sponsorUserId(github as unknown as AccountsState)).toBe('gh:7');
    const linkedOnly = { ...noAccounts, github: [{ sub: '7', name: 'ann', isLogin: false }] };
    expect(sponsorUserId(linkedOnly as unknown as AccountsState)).toBeUndefined();
    const google = { ...noAccounts, google: [{ sub: 'g-9', name: 'bo', isLogin: true }] };
    expect(sponsorUserId(google as unknown as AccountsState)).toBe('go:g-9');
  });
});

describe('readPaymentSuccess', () => {
  it('finds the flag in the hash and gives the hash without it', () => {
    expect(readPaymentSuccess('#paymentSuccess=true')).toEqual({ paid: true, rest: '' });
    expect(readPaymentSuccess('#paymentSuccess&providerId=x')).toEqual({
      paid: true,
      rest: '#providerId=x',
    });
    expect(readPaymentSuccess('#providerId=x')).toEqual({ paid: false, rest: '#providerId=x' });
    expect(readPaymentSuccess('')).toEqual({ paid: false, rest: '' });
  });
});
