import { send } from "./signer";
import { region, serviceEndpoint } from "../util/config";

/** SSM's GetParameters takes at most ten names a call. */
const BATCH = 10;

/**
 * Reads SSM parameters (SecureStrings decrypted) by full name; names that do
 * not exist are simply absent from the answer.
 */
export async function getParameters(names: string[]): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  const batches = Array.from({ length: Math.ceil(names.length / BATCH) }, (_, i) => names.slice(i * BATCH, (i + 1) * BATCH));
  await Promise.all(
    batches.map(async (batch) => {
      const { response } = await send({
        service: "ssm",
        url: serviceEndpoint("ssm") ?? `https://ssm.${region()}.amazonaws.com/`,
        method: "POST",
        headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": "AmazonSSM.GetParameters" },
        body: JSON.stringify({ Names: batch, WithDecryption: true }),
        errors: "json",
      });
      const { Parameters = [] } = (await response.json()) as { Parameters?: { Name: string; Value: string }[] };
      for (const parameter of Parameters) values.set(parameter.Name, parameter.Value);
    }),
  );
  return values;
}
