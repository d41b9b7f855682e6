import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { listQueryOf } from "~/platform/admin-kit/list";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { RecordDialog, useRecordEditor } from "~/platform/admin-kit/RecordDialog";
import { requireAdmin } from "~/platform/auth/admin.server";
import { couponAction, listCoupons } from "~/capabilities/coupons/coupon-admin.server";
import { CouponFields } from "~/capabilities/coupons/CouponFields";
import { type CouponRow, CouponTable } from "~/capabilities/coupons/CouponTable";
import { couponMessages } from "~/capabilities/coupons/messages";
import type { RouteHandle } from "~/root";
import { Button } from "~/platform/ui/Button";
import type { Route } from "./+types/coupons";

export const handle: RouteHandle = { title: "Admin: Coupons", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return {
    coupons: await loadOrNull(context.logger, "coupons", () =>
      listCoupons(context.db, listQueryOf(request)),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return couponAction(request, context, await requireAdmin(request, context));
}

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  const editor = useRecordEditor<CouponRow>();
  return (
    <>
      <AdminPageHeader title="Coupons" description="Discount codes customers can use at checkout.">
        <Button onClick={() => editor.edit(null)}>Add Coupon</Button>
      </AdminPageHeader>
      <ResultNotice />
      <Loaded value={loaderData.coupons} failure={couponMessages.fetch}>
        {(page) => <CouponTable page={page} onEdit={editor.edit} />}
      </Loaded>
      <RecordDialog
        name="coupon"
        editor={editor}
        title={(c) => (c ? "Edit Coupon" : "Add Coupon")}
        description="Customers type the code at checkout. Codes are matched without regard to case."
        submitLabel={(c) => (c ? "Update Coupon" : "Create Coupon")}
      >
        {(coupon, errors) => <CouponFields coupon={coupon} errors={errors} />}
      </RecordDialog>
    </>
  );
}
