import NextAuth from "next-auth";
import { authOptions } from "@/lib/platform/next";

const handler = NextAuth(authOptions);
export { handler as GET, handler as POST };
