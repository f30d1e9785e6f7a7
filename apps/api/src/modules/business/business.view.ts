import type { BusinessMember, Membership, OwnBusiness, PublicBusiness } from '@app/contract/business';
import type { BusinessMemberRole } from '@app/contract/business';
import type { BusinessRow, MemberRow } from './business.access.ts';

/** What anyone may read: never the supplier and distributor codes, the owner or the address. */
export function toPublicBusiness(row: BusinessRow): PublicBusiness {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    businessCode: row.businessCode,
    businessSlug: row.businessSlug,
    description: row.description,
    website: row.website,
    logoUrl: row.logoUrl,
    country: row.country,
    industry: row.industry,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The owner's view, with the three secret join codes and the active members as the spec's `buyerprofiles`. */
export function toOwnBusiness(row: BusinessRow, members: { id: string; userId: string; role: string }[]): OwnBusiness {
  return {
    ...toPublicBusiness(row),
    userId: row.ownerUserId,
    joinCodes: { employee: row.employeeJoinCode, supplier: row.supplierCode, distributor: row.distributorCode },
    employeeCodeIsPublic: row.employeeJoinCode.toUpperCase() === row.businessCode.toUpperCase(),
    address: row.address ?? null,
    buyerprofiles: members.map((m) => ({ _id: m.id, userId: m.userId, role: m.role as BusinessMemberRole })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMembership(member: MemberRow, business: BusinessRow): Membership {
  return {
    _id: member.id,
    id: member.id,
    userId: member.userId,
    role: member.role as BusinessMemberRole,
    status: member.status as Membership['status'],
    title: member.title,
    department: member.department,
    joinedAt: member.joinedAt.toISOString(),
    leftAt: member.leftAt ? member.leftAt.toISOString() : null,
    reportAccess: member.reportAccess,
    businessId: toPublicBusiness(business),
  };
}

export function toBusinessMember(member: MemberRow, user: { firstName: string; lastName: string; email: string }): BusinessMember {
  return {
    _id: member.id,
    id: member.id,
    userId: member.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: member.role as BusinessMemberRole,
    status: member.status as BusinessMember['status'],
    title: member.title,
    department: member.department,
    joinedAt: member.joinedAt.toISOString(),
    joinedWithCode: member.joinedWithCode,
    readmittedAt: member.readmittedAt ? member.readmittedAt.toISOString() : null,
    carbonTotalKg: member.carbonTotalKg ?? null,
    reportAccess: member.reportAccess,
  };
}
