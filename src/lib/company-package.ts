export const PACKAGE_PRODUCT = 'package:nettbasert-pakke';
export const PACKAGE_PAGE = 'nettbasert-pakke';

export const TRIAL_SEATS = 5;
export const TRIAL_DAYS = 7;
export const TRIAL_REMINDER_DAYS = 2;

export const trialDaysLeftText = (days: number) => `${days} ${days === 1 ? 'dag' : 'dager'} igjen av prøveperioden`;
