import { createVerifiedUser } from "~/features/accounts/create-verified-user.server";
import { addAdmin, listAdmins, removeAdmin } from "~/features/accounts/manage-admins.server";
import { seedCatalogue } from "~/features/catalogue/seed-catalogue.server";
import { reconcilePayments } from "~/features/payments/reconcile-payments.server";
import type { AppServices } from "~/lib/services.server";

export type Command = {
  usage: string;
  run(services: AppServices, args: string[]): Promise<string>;
};

/** Every operator command. The CLI runs them in the live server (control channel) or on its own. */
export const commands: Record<string, Command> = {
  status: {
    usage: "status                      database kind and health",
    async run(services) {
      await services.database.ping();
      return `ok: ${services.database.kind} database, data folder ${services.env.DATA_DIR}`;
    },
  },
  seed: {
    usage: "seed                        add the demo catalogue when the catalogue is empty",
    async run(services) {
      const added = await seedCatalogue(services);
      return added ? `seeded ${added} products` : "catalogue not empty: nothing seeded";
    },
  },
  admin: {
    usage: "admin add|remove <email> | admin list   manage who has the admin role",
    async run(services, [action, email]) {
      const { db } = services.database;
      if (action === "list") {
        const admins = await listAdmins(db);
        return admins.length ? admins.join("\n") : "No admins yet.";
      }
      if ((action === "add" || action === "remove") && email) {
        return action === "add" ? addAdmin(db, email) : removeAdmin(db, email);
      }
      throw new UsageError(`Usage: ${commands.admin?.usage}`);
    },
  },
  "user:create": {
    usage: "user:create <email> <password> <full name>   a verified account, no e-mail needed",
    async run(services, [email, password, ...name]) {
      if (!email || !password || name.length === 0) throw new UsageError(`Usage: ${commands["user:create"]?.usage}`);
      const created = await createVerifiedUser(services, { email, password, fullName: name.join(" ") });
      return `Created ${created.email} (${created.id}).`;
    },
  },
  "payments:reconcile": {
    usage: "payments:reconcile          replay the payment provider's recent events (repairs missed webhooks)",
    run: (services) => reconcilePayments(services),
  },
};

export async function runCommand(services: AppServices, name: string, args: string[]): Promise<string> {
  const command = commands[name];
  if (!command) throw new UsageError(`Unknown command "${name}".\n${usage()}`);
  return command.run(services, args);
}

export class UsageError extends Error {
  override name = "UsageError";
}

export function usage(): string {
  return `Commands:\n${Object.values(commands)
    .map((c) => `  ${c.usage}`)
    .join("\n")}`;
}
