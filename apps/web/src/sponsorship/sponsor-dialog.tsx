'use client';

import { useAppSelector } from '../store';
import { isSponsor } from '../store/server-slice';
import { Modal } from '../components/modal';
import { type DialogProps } from '../components/dialogs/dialog-props';
import { sponsorOptions, sponsorUserId } from './sponsor-offers';
import './sponsor-dialog.css';

/** The sponsor dialog (spec interface §6): PayPal's offers for a signed-in user who is not a
 * sponsor, 'You are already a sponsor!' for one who is. */
export function SponsorDialog({ reject }: DialogProps<'sponsor'>) {
  const server = useAppSelector((state) => state.server);
  const accounts = useAppSelector((state) => state.accounts);
  const userId = sponsorUserId(accounts);
  const sponsor = isSponsor(server, accounts);
  const options =
    userId === undefined
      ? []
      : sponsorOptions(server.paypalCheckoutUrl, server.paypalButtons, userId);
  let body;
  if (sponsor) body = <p>You are already a sponsor!</p>;
  else if (userId === undefined) {
    body = <p>Sign in with GitHub or Google first: a sponsorship belongs to an account.</p>;
  } else if (options.length === 0) {
    body = <p>This server takes no payments yet: ask its administrator.</p>;
  } else {
    body = (
      <>
        <p>
          Please choose a <b>PayPal</b> option. Your sponsorship unlocks the PDF and Pandoc exports
          on this server; it is active within a minute of the payment.
        </p>
        <ul className="sponsor-options">
          {options.map((option) => (
            <li key={option.description}>
              <a className="button sponsor-option" href={option.link} rel="noopener">
                <span className="sponsor-option__price">{option.price}</span>
                {option.offer && <span className="sponsor-option__offer">{option.offer}</span>}
                <span className="sponsor-option__description">{option.description}</span>
              </a>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <Modal title="Sponsor" onCancel={reject} cancelLabel="Close">
      {body}
    </Modal>
  );
}
