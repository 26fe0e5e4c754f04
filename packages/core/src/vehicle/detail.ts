export * as VehicleDetail from "./detail";
import { SubmissionEntity } from "../submission/submission.entity";
import { FormEntity } from "../form/form.entity";
import { namesOf } from "../form/names";
import * as Vehicle from "./index";

const namesOrEmpty = (form: Parameters<typeof namesOf>[0] | undefined) => (form ? namesOf(form) : { en: "", es: "" });

/** `GET /vehicles/{id}`: the vehicle and the submissions that picked it, newest first (at most 100). */
export async function of(companyId: string, vehicleId: string) {
  const [vehicle, uses] = await Promise.all([Vehicle.mustGet(companyId, vehicleId), Vehicle.usesOf(companyId, vehicleId)]);
  const [submissions, forms] = await Promise.all([
    uses.length ? SubmissionEntity.get(uses.map((use) => ({ companyId, submissionId: use.submissionId }))).go() : { data: [] },
    uses.length ? FormEntity.get([...new Set(uses.map((use) => use.formId))].map((formId) => ({ companyId, formId }))).go() : { data: [] },
  ]);
  const formOf = new Map(forms.data.map((form) => [form.formId, form]));
  const byId = new Map(submissions.data.map((submission) => [submission.submissionId, submission]));
  return {
    data: {
      vehicle: Vehicle.present(vehicle),
      submissions: uses.flatMap((use) => {
        const submission = byId.get(use.submissionId);
        return submission
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
