export * as AdminSummary from "./summary";
import type { Actor } from "../auth/claims";
import { InvitationEntity } from "../invitation/invitation.entity";
import { FormEntity } from "../form/form.entity";
import { VehicleEntity } from "../vehicle/vehicle.entity";
import { CompanyEntity, SeatEntity } from "./company.entity";

/** `GET /company/admin/summary`: counts and what needs attention, for the admin area's landing page. */
export async function of(actor: Actor, companyId: string) {
  const [{ data: seats }, invitations, forms, vehicles, companies] = await Promise.all([
    SeatEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["userId", "status", "role"] }),
    InvitationEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["invitationId", "status", "expiresAt"] }),
    FormEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["formId", "isActive", "status"] }),
    VehicleEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["vehicleId", "isActive"] }),
    actor.isProviderAdmin ? CompanyEntity.query.all({}).go({ pages: "all", attributes: ["companyId"] }) : undefined,
  ]);
  const now = Math.floor(Date.now() / 1000);
  return {
    users: {
      count: seats.length,
      active: seats.filter((seat) => seat.status !== "inactive" && seat.role !== "inactive").length,
      pendingInvitations: invitations.data.filter((invitation) => invitation.status === "pending" && invitation.expiresAt > now).length,
    },
    forms: { count: forms.data.length, inactive: forms.data.filter((form) => form.isActive === false || form.status === "draft").length },
    vehicles: { count: vehicles.data.length, inactive: vehicles.data.filter((vehicle) => vehicle.isActive === false).length },
    companies: companies ? { count: companies.data.length } : null,
  };
}

