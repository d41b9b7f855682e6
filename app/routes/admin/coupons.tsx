import { AdminPageHeader } from "~/features/admin/AdminShell";
import { Loaded } from "~/features/admin/AdminTable";
import { ResultNotice } from "~/features/admin/feedback";
import { listQueryOf } from "~/features/admin/list";
import { loadOrNull } from "~/features/admin/load.server";
import { RecordDialog, useRecordEditor } from "~/features/admin/RecordDialog";
import { requireAdmin } from "~/features/auth/admin.server";
import { couponAction, listCoupons } from "~/features/coupons/coupon-admin.server";
import { CouponFields } from "~/features/coupons/CouponFields";
import { type CouponRow, CouponTable } from "~/features/coupons/CouponTable";
import { couponMessages } from "~/features/coupons/messages";
import type { RouteHandle } from "~/root";
import { Button } from "~/ui/Button";
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
