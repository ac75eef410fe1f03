-- AlterTable: the bundle manifest's licence, named by exported dataset cards.
ALTER TABLE "Dataset" ADD COLUMN     "license" TEXT;
