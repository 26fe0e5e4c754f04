import { UserEntity } from "./user.entity";
import { displayNameOf } from "./display-name";

/**
 * How the people with these ids are named now (`displayNameOf`), in one BatchGetItem. Someone since deleted
 * is absent: the caller falls back to the name its record kept. The activity feed and a vehicle's history.
 */
export async function namesByUserId(userIds: Iterable<string>): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)].filter(Boolean);
  if (!ids.length) return new Map();
  const { data } = await UserEntity.get(ids.map((userId) => ({ userId }))).go({ attributes: ["userId", "username", "firstName", "lastName"] });
  return new Map(data.map((user) => [user.userId, displayNameOf(user)]));
}
