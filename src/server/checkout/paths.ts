export const productIdOf = (courseId: string) => `course:${courseId}`;
export const checkoutPath = (courseId: string) => `/kasse/${courseId}`;
export const coursePlayerPath = (courseId: string) => `/course/${courseId}`;
export const receiptPath = (orderId: string) => `/kvittering/${orderId}`;
export const returnPath = (orderId: string) => `/kasse/retur?ordre=${orderId}`;
