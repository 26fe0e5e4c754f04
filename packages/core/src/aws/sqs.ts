import { send } from "./signer";
import { region, serviceEndpoint } from "../util/config";

/** SQS SendMessageBatch (JSON protocol), up to 10 bodies a call; answers the ids SQS did not take. */
export async function sendBatch(queueUrl: string, bodies: { id: string; body: string }[]): Promise<string[]> {
  const { response } = await send({
    service: "sqs",
    url: serviceEndpoint("sqs") ?? `https://sqs.${region()}.amazonaws.com/`,
    method: "POST",
    headers: { "content-type": "application/x-amz-json-1.0", "x-amz-target": "AmazonSQS.SendMessageBatch" },
    body: JSON.stringify({ QueueUrl: queueUrl, Entries: bodies.map(({ id, body }) => ({ Id: id, MessageBody: body })) }),
    errors: "json",
  });
  const answer = (await response.json()) as { Failed?: { Id: string }[] };
  return (answer.Failed ?? []).map((failed) => failed.Id);
}
