import type { Config } from '@netlify/functions';
import {
  adminCoupon,
  adminCouponDetailResponse,
  adminCouponListResponse,
  couponParams,
  createCouponBody,
  editCouponBody,
} from '../../src/schemas/admin-shop';
import { couponDetail, createCoupon, editCoupon, listCoupons } from '../../src/server/admin/coupons.service';
import { createHandler, route } from '../../src/server/platform/http';
import { jsonOf } from '../../src/server/platform/http/respond';

/** Superusers only; codes are stored upper-case and unique, and each change is audited. */
const S = ['superuser'] as const;

export default createHandler({
  'GET /api/admin/coupons': route({
    access: S,
    response: adminCouponListResponse,
    async handler({ db }) {
      return jsonOf(adminCouponListResponse, await listCoupons(db));
    },
  }),

  'POST /api/admin/coupons': route({
    access: S,
    body: createCouponBody,
    response: adminCoupon,
    async handler({ db, user, body }) {
      return jsonOf(adminCoupon, await createCoupon(db, user.id, body), { status: 201 });
    },
  }),

  'GET /api/admin/coupons/:couponId': route({
    access: S,
    params: couponParams,
    response: adminCouponDetailResponse,
    async handler({ db, params }) {
      return jsonOf(adminCouponDetailResponse, await couponDetail(db, params.couponId));
    },
  }),

  'PUT /api/admin/coupons/:couponId': route({
    access: S,
    params: couponParams,
    body: editCouponBody,
    response: adminCoupon,
    async handler({ db, user, params, body }) {
      return jsonOf(adminCoupon, await editCoupon(db, user.id, params.couponId, body));
    },
  }),
});

export const config: Config = {
  path: ['/api/admin/coupons', '/api/admin/coupons/:couponId'],
  method: ['GET', 'POST', 'PUT'],
};
