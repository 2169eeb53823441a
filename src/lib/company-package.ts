/** The online package sold per seat: its product and the page its checkout is named by. */
export const PACKAGE_PRODUCT = 'package:nettbasert-pakke';
export const PACKAGE_PAGE = 'nettbasert-pakke';

/** The free trial the package page promises: this many seats for this many days, without paying. */
export const TRIAL_SEATS = 5;
export const TRIAL_DAYS = 7;
/** The managers are reminded when this many days or fewer are left. */
export const TRIAL_REMINDER_DAYS = 2;

/** 'N dager igjen av prøveperioden', the one wording of the days left (the page and the mails). */
export const trialDaysLeftText = (days: number) => `${days} ${days === 1 ? 'dag' : 'dager'} igjen av prøveperioden`;
