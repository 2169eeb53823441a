/** The online package sold per seat (issue 24): its product and the page its checkout is named by. */
export const PACKAGE_PRODUCT = 'package:nettbasert-pakke';
export const PACKAGE_PAGE = 'nettbasert-pakke';
