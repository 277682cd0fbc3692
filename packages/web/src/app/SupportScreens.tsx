import { useCallback } from 'react';
import DonationPage from '../features/payments/components/DonationPage';
import FootprintPage from '../features/payments/components/FootprintPage';
import PaymentsPage from '../features/payments/components/PaymentsPage';
import RestartPage from '../features/payments/components/RestartPage';
import SubscriptionsPage from '../features/payments/components/SubscriptionsPage';
import { selectIndicators } from '../features/support';
import GratitudesPage from '../features/support/components/GratitudesPage';
import IndicatorsPage from '../features/support/components/IndicatorsPage';
import TeamPage from '../features/support/components/TeamPage';
import { useAppDispatch, useAppSelector } from './hooks';
import { fetchIndicators } from './partners';
import './support';

// The support screens, one chunk: the donation form and the support programme's pages. Loading it
// injects the payments, range and modal slices (./support); the partners slice came with the frame.

/** `/uk/donat`: the payments feature told my indicators (the preview) and how to refresh them. */
export function Donation() {
  const dispatch = useAppDispatch();
  const indicators = useAppSelector(selectIndicators);
  // After a successful payment the indicators, and so the header's level, are fetched again.
  const onPaid = useCallback(() => dispatch(fetchIndicators()), [dispatch]);
  return <DonationPage indicators={indicators} onPaid={onPaid} />;
}

export {
  FootprintPage as Footprint,
  GratitudesPage as Gratitudes,
  IndicatorsPage as Indicators,
  PaymentsPage as Payments,
  RestartPage as Restart,
  SubscriptionsPage as Subscriptions,
  TeamPage as Team,
};
