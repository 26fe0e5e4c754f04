export * as VehicleDetail from "./detail";
import type { Actor } from "../auth/claims";
import { companyOf } from "../form/verb";
import { mayRead } from "../submission/visibility";
import { SubmissionEntity } from "../submission/submission.entity";
import { FormEntity } from "../form/form.entity";
import { namesOf } from "../form/names";
import { namesByUserId } from "../user/names";
import * as Vehicle from "./index";

const namesOrEmpty = (form: Parameters<typeof namesOf>[0] | undefined) => (form ? namesOf(form) : { en: "", es: "" });

/**
 * `GET /vehicles/{id}`: the vehicle and the submissions that picked it, newest first (at most 100). Each
 * activation names its person as the activity feed does (`byName`: their name now, else the username the
 * entry recorded: someone since deleted, or an entry older than `byId`). A user sees only their own submissions
 * there, as everywhere (issue 36).
 */
export async function of(actor: Actor, vehicleId: string) {
  const companyId = companyOf(actor);
  const [vehicle, uses] = await Promise.all([Vehicle.mustGet(companyId, vehicleId), Vehicle.usesOf(companyId, vehicleId)]);
  const [submissions, forms, nameOf] = await Promise.all([
    uses.length ? SubmissionEntity.get(uses.map((use) => ({ companyId, submissionId: use.submissionId }))).go() : { data: [] },
    uses.length ? FormEntity.get([...new Set(uses.map((use) => use.formId))].map((formId) => ({ companyId, formId }))).go() : { data: [] },
    namesByUserId((vehicle.history ?? []).map((entry) => entry.byId ?? "")),
  ]);
  const presented = Vehicle.present(vehicle);
  const formOf = new Map(forms.data.map((form) => [form.formId, form]));
  const byId = new Map(submissions.data.map((submission) => [submission.submissionId, submission]));
  return {
    data: {
      vehicle: { ...presented, history: presented.history.map((entry) => ({ ...entry, byName: nameOf.get(entry.byId ?? "") ?? entry.by })) },
      submissions: uses.flatMap((use) => {
        const submission = byId.get(use.submissionId);
        return submission && mayRead(actor, submission)
          ? [
              {
                id: submission.submissionId,
                formId: submission.formId,
                formName: formOf.get(submission.formId)?.name ?? "",
                formNames: namesOrEmpty(formOf.get(submission.formId)),
                submittedByName: submission.submittedByName,
                createdAt: submission.createdAt,
                status: submission.status,
              },
            ]
          : [];
      }),
    },
  };
}
