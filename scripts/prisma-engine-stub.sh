#!/bin/sh
echo "TripJudge: the native Prisma schema engine is not used here; run npm run db:migrate" >&2
exit 1
