/**
 * The demo companies' listing and ownership facts, by code (company-profiles.ts builds the
 * overview and the shareholder list from them): demo figures in the rough shape of the real ones,
 * not theirs.
 */

export interface CompanyFacts {
  listed: string;
  founded: string;
  headquarters: string;
  website: string;
  employees: number;
  /** Part of the shares not freely traded (held by the parent, founders' locked shares). */
  lockedShare: number;
  /** The largest holders the company is known for: name, type, per cent of all shares. */
  holders: Array<[string, string, number]>;
}

export const COMPANY_FACTS: Record<string, CompanyFacts> = {
  '600519': {
    listed: '2001-08-27',
    founded: '1999-11-20',
    headquarters: '贵州省仁怀市茅台镇',
    website: 'https://www.moutaichina.com',
    employees: 34_000,
    lockedShare: 0,
    holders: [
      ['中国贵州茅台酒厂(集团)有限责任公司', '国有法人', 54.07],
      ['香港中央结算有限公司', '境外法人', 6.8],
      ['贵州省国有资本运营有限责任公司', '国有法人', 4.6],
    ],
  },
  '300750': {
    listed: '2018-06-11',
    founded: '2011-12-16',
    headquarters: '福建省宁德市蕉城区',
    website: 'https://www.catl.com',
    employees: 131_000,
    lockedShare: 0.14,
    holders: [
      ['厦门瑞庭投资有限公司', '境内法人', 23.3],
      ['香港中央结算有限公司', '境外法人', 11.2],
      ['黄世霖', '境内自然人', 10.6],
    ],
  },
  '000858': {
    listed: '1998-04-27',
    founded: '1997-08-19',
    headquarters: '四川省宜宾市翠屏区',
    website: 'https://www.wuliangye.com.cn',
    employees: 24_000,
    lockedShare: 0,
    holders: [
      ['宜宾发展控股集团有限公司', '国有法人', 34.43],
      ['四川省宜宾五粮液集团有限公司', '国有法人', 20.4],
      ['香港中央结算有限公司', '境外法人', 5.1],
    ],
  },
  '601318': {
    listed: '2007-03-01',
    founded: '1988-03-21',
    headquarters: '广东省深圳市福田区',
    website: 'https://www.pingan.cn',
    employees: 273_000,
    lockedShare: 0.41,
    holders: [
      ['香港中央结算(代理人)有限公司', '境外法人', 36.2],
      ['深圳市投资控股有限公司', '国有法人', 5.2],
      ['香港中央结算有限公司', '境外法人', 3.1],
    ],
  },
  '600036': {
    listed: '2002-04-09',
    founded: '1987-03-31',
    headquarters: '广东省深圳市福田区',
    website: 'https://www.cmbchina.com',
    employees: 117_000,
    lockedShare: 0.18,
    holders: [
      ['香港中央结算(代理人)有限公司', '境外法人', 18.0],
      ['招商局轮船有限公司', '国有法人', 13.04],
      ['中国远洋运输有限公司', '国有法人', 6.24],
    ],
  },
  '00700': {
    listed: '2004-06-16',
    founded: '1998-11-11',
    headquarters: 'Shenzhen, Guangdong',
    website: 'https://www.tencent.com',
    employees: 110_000,
    lockedShare: 0,
    holders: [
      ['Prosus N.V.', 'Corporation', 24.3],
      ['马化腾', 'Individual', 8.4],
      ['The Vanguard Group', 'Institution', 2.7],
    ],
  },
  '09988': {
    listed: '2019-11-26',
    founded: '1999-06-28',
    headquarters: 'Hangzhou, Zhejiang',
    website: 'https://www.alibabagroup.com',
    employees: 124_000,
    lockedShare: 0,
    holders: [
      ['SoftBank Group', 'Corporation', 2.1],
      ['马云', 'Individual', 4.3],
      ['蔡崇信', 'Individual', 1.4],
    ],
  },
  '03690': {
    listed: '2018-09-20',
    founded: '2010-03-04',
    headquarters: 'Beijing',
    website: 'https://www.meituan.com',
    employees: 117_000,
    lockedShare: 0,
    holders: [
      ['王兴', 'Individual', 10.4],
      ['Tencent Holdings', 'Corporation', 7.9],
      ['穆荣均', 'Individual', 1.6],
    ],
  },
  '01810': {
    listed: '2018-07-09',
    founded: '2010-01-05',
    headquarters: 'Beijing',
    website: 'https://www.mi.com',
    employees: 43_000,
    lockedShare: 0,
    holders: [
      ['雷军', 'Individual', 23.8],
      ['林斌', 'Individual', 6.5],
      ['The Vanguard Group', 'Institution', 2.4],
    ],
  },
  NVDA: {
    listed: '1999-01-22',
    founded: '1993-04-05',
    headquarters: 'Santa Clara, California',
    website: 'https://www.nvidia.com',
    employees: 36_000,
    lockedShare: 0,
    holders: [
      ['The Vanguard Group', 'Institution', 8.9],
      ['BlackRock', 'Institution', 7.6],
      ['Jensen Huang', 'Individual', 3.5],
    ],
  },
  AAPL: {
    listed: '1980-12-12',
    founded: '1977-01-03',
    headquarters: 'Cupertino, California',
    website: 'https://www.apple.com',
    employees: 164_000,
    lockedShare: 0,
    holders: [
      ['The Vanguard Group', 'Institution', 9.3],
      ['BlackRock', 'Institution', 7.5],
      ['Berkshire Hathaway', 'Corporation', 2.0],
    ],
  },
  TSLA: {
    listed: '2010-06-29',
    founded: '2003-07-01',
    headquarters: 'Austin, Texas',
    website: 'https://www.tesla.com',
    employees: 125_000,
    lockedShare: 0,
    holders: [
      ['Elon Musk', 'Individual', 12.8],
      ['The Vanguard Group', 'Institution', 7.2],
      ['BlackRock', 'Institution', 5.9],
    ],
  },
  MSFT: {
    listed: '1986-03-13',
    founded: '1975-04-04',
    headquarters: 'Redmond, Washington',
    website: 'https://www.microsoft.com',
    employees: 228_000,
    lockedShare: 0,
    holders: [
      ['The Vanguard Group', 'Institution', 9.0],
      ['BlackRock', 'Institution', 7.3],
      ['State Street', 'Institution', 4.0],
    ],
  },
  AMZN: {
    listed: '1997-05-15',
    founded: '1994-07-05',
    headquarters: 'Seattle, Washington',
    website: 'https://www.amazon.com',
    employees: 1_550_000,
    lockedShare: 0,
    holders: [
      ['Jeff Bezos', 'Individual', 8.6],
      ['The Vanguard Group', 'Institution', 7.4],
      ['BlackRock', 'Institution', 6.2],
    ],
  },
  AMD: {
    listed: '1972-09-27',
    founded: '1969-05-01',
    headquarters: 'Santa Clara, California',
    website: 'https://www.amd.com',
    employees: 28_000,
    lockedShare: 0,
    holders: [
      ['The Vanguard Group', 'Institution', 9.1],
      ['BlackRock', 'Institution', 7.8],
      ['State Street', 'Institution', 4.2],
    ],
  },
  '002594': {
    listed: '2011-06-30',
    founded: '1995-02-10',
    headquarters: '广东省深圳市坪山区',
    website: 'https://www.bydglobal.com',
    employees: 700_000,
    lockedShare: 0.42,
    holders: [
      ['香港中央结算(代理人)有限公司', '境外法人', 35.1],
      ['王传福', '境内自然人', 17.6],
      ['吕向阳', '境内自然人', 8.2],
    ],
  },
  '00388': {
    listed: '2000-06-27',
    founded: '2000-03-06',
    headquarters: 'Hong Kong',
    website: 'https://www.hkexgroup.com',
    employees: 2_300,
    lockedShare: 0,
    holders: [
      ['The Government of the HKSAR', 'Government', 5.9],
      ['BlackRock', 'Institution', 5.1],
      ['The Vanguard Group', 'Institution', 2.9],
    ],
  },
};
