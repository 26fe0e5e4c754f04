/** How the product names a person to others: their first and last name, else their username. */
export const displayNameOf = (user: { firstName?: string | null; lastName?: string | null; username: string }) => `${user.firstName ?? ""} ${user.lastName ?? ""}`.trim() || user.username;
