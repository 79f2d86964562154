import type { StoreOrderType } from '@crust/domain/delivery-types';
import type { SeedStore } from '../types.ts';

/**
 * Demo restaurants. Ids are grouped by city: Delhi 10xx, Gurugram 11xx, Noida 12xx, Mumbai 20xx,
 * Pune 21xx, Bengaluru 30xx, Hyderabad 31xx, Chennai 32xx, Kolkata 40xx, Kanpur 50xx, Bhopal 51xx, Nagpur 52xx
 * (each of the last three by its railway station, open round the clock for the trains: data/railway.ts).
 * Store 1001 (Connaught Place) is the default store; 1001 and 3001 (Koramangala) are used by tests.
 */

const ALL: StoreOrderType[] = ['D', 'T', 'P', 'DINEIN', 'CURB'];
const DINE: StoreOrderType[] = ['D', 'T', 'P', 'DINEIN'];
const CURB: StoreOrderType[] = ['D', 'T', 'P', 'CURB'];
const DTP: StoreOrderType[] = ['D', 'T', 'P'];
const DT: StoreOrderType[] = ['D', 'T'];
const KIOSK: StoreOrderType[] = ['T', 'P'];

type Row = readonly [
  id: number,
  name: string,
  address: string,
  locality: string,
  latitude: number,
  longitude: number,
  phone: string,
  hours: readonly [opensAt: string, closesAt: string],
  deliveryRadiusKm: number,
  orderTypes: StoreOrderType[],
  online: boolean,
  advanceOrderStoreId: number | null,
];

const H24 = ['00:00', '00:00'] as const;
const DAY = ['11:00', '23:00'] as const;
const MIDNIGHT = ['11:00', '00:00'] as const;
const LATE = ['11:00', '01:00'] as const;
const NIGHT = ['10:00', '02:00'] as const;
const MALL = ['11:00', '22:00'] as const;

const DELHI: Row[] = [
  [1001, 'Crust Connaught Place', 'Ground Floor, N-14, Outer Circle, Connaught Place, New Delhi 110001', 'Connaught Place', 28.6328, 77.2197, '011-4150-2201', H24, 6, ALL, true, null],
  [1002, 'Crust Lajpat Nagar', 'Shop 12, Central Market, Lajpat Nagar II, New Delhi 110024', 'Lajpat Nagar', 28.5686, 77.241, '011-4162-3380', NIGHT, 5, DINE, true, null],
  [1003, 'Crust Saket', 'Shop 4, PVR Anupam Community Centre, Saket, New Delhi 110017', 'Saket', 28.5262, 77.2103, '011-4105-7714', DAY, 5, DTP, true, null],
  [1004, 'Crust Rohini Sector 3', 'Shop 22, Pocket 1 Market, Sector 3, Rohini, Delhi 110085', 'Rohini Sector 3', 28.6978, 77.1082, '011-4708-5521', DAY, 6, DTP, true, null],
  [1005, 'Crust Rajouri Garden', 'J-2/14, Main Market, Rajouri Garden, New Delhi 110027', 'Rajouri Garden', 28.6478, 77.1235, '011-4550-1863', ['10:00', '01:00'], 5, DINE, true, null],
  [1006, 'Crust Dwarka Sector 10', 'Shop 5, Pocket 1 Market, Sector 10, Dwarka, New Delhi 110075', 'Dwarka Sector 10', 28.5809, 77.0575, '011-4508-3392', DAY, 6, DT, false, 1005],
  [1007, 'Crust Mayur Vihar Phase 1', 'Shop 9, Pocket 1 Market, Mayur Vihar Phase 1, Delhi 110091', 'Mayur Vihar Phase 1', 28.6055, 77.2925, '011-4301-6647', DAY, 5, DTP, false, 1002],
  [1008, 'Crust Select Citywalk Kiosk', 'Kiosk K-3, Food Court, Second Floor, Select Citywalk, Saket District Centre, New Delhi 110017', 'Saket', 28.5286, 77.219, '011-4058-9930', MALL, 3, KIOSK, true, null],
  [1009, 'Crust Green Park', 'S-10, Green Park Main Market, New Delhi 110016', 'Green Park', 28.5597, 77.2065, '011-4175-0428', DAY, 4, DINE, true, null],
  [1010, 'Crust Pitampura', 'Shop 3, Ground Floor, Netaji Subhash Place, Pitampura, Delhi 110034', 'Pitampura', 28.693, 77.152, '011-4703-2256', NIGHT, 6, DTP, true, null],
];

const GURUGRAM: Row[] = [
  [1101, 'Crust DLF Phase 1', 'SCO 12, Qutab Enclave Market, DLF Phase 1, Gurugram 122002', 'DLF Phase 1', 28.4725, 77.0975, '0124-412-3456', DAY, 5, DINE, true, null],
  [1102, 'Crust Sector 29', 'SCO 38, Leisure Valley Road, Sector 29, Gurugram 122001', 'Sector 29', 28.4685, 77.0655, '0124-425-7781', NIGHT, 6, ALL, true, null],
  [1103, 'Crust Cyber Hub', 'Shop G-12, Ground Floor, Cyber Hub, DLF Cyber City, Gurugram 122002', 'Cyber City', 28.4952, 77.0892, '0124-438-1190', DAY, 4, DINE, true, null],
  [1104, 'Crust Sohna Road', 'Shop 104, Omaxe Celebration Mall, Sohna Road, Sector 48, Gurugram 122018', 'Sohna Road', 28.4115, 77.044, '0124-461-9025', DAY, 6, DTP, true, 1101],
  [1105, 'Crust Palam Vihar', 'Shop 21, Block C-1 Market, Palam Vihar, Gurugram 122017', 'Palam Vihar', 28.5095, 77.0385, '0124-437-6612', DAY, 7, DT, true, null],
  [1106, 'Crust Sector 56', 'SCO 9, HUDA Market, Sector 56, Gurugram 122011', 'Sector 56', 28.424, 77.101, '0124-490-3374', MIDNIGHT, 5, DTP, true, null],
];

const NOIDA: Row[] = [
  [1201, 'Crust Sector 18', 'Shop K-3, Atta Market, Sector 18, Noida 201301', 'Sector 18', 28.5705, 77.3245, '0120-425-1180', NIGHT, 5, DINE, true, null],
  [1202, 'Crust Sector 62', 'Plot C-56, Ground Floor, Sector 62, Noida 201309', 'Sector 62', 28.6275, 77.366, '0120-430-6642', DAY, 6, DTP, true, null],
  [1203, 'Crust Sector 50', 'Shop 14, Central Market, Sector 50, Noida 201301', 'Sector 50', 28.5712, 77.3648, '0120-412-9937', DAY, 5, DINE, true, null],
  [1204, 'Crust Gaur City', 'Shop 22, Ground Floor, Gaur City Mall, Greater Noida West 201318', 'Gaur City', 28.6085, 77.431, '0120-655-2048', DAY, 6, DT, false, null],
  [1205, 'Crust Sector 137', 'Shop 8, Ecociti Market, Sector 137, Noida 201305', 'Sector 137', 28.5085, 77.407, '0120-476-3315', MIDNIGHT, 7, DT, true, null],
];

const MUMBAI: Row[] = [
  [2001, 'Crust Bandra Hill Road', 'Shop 3, Ground Floor, Hill Road, Bandra West, Mumbai 400050', 'Bandra West', 19.0552, 72.833, '022-2640-3318', ['10:00', '03:00'], 4, DINE, true, null],
  [2002, 'Crust Andheri East', 'Shop 5, Ground Floor, Andheri-Kurla Road, Chakala, Andheri East, Mumbai 400069', 'Andheri East', 19.1115, 72.868, '022-2683-5540', NIGHT, 5, DTP, true, null],
  [2003, 'Crust Powai', 'Shop 12, Galleria Shopping Centre, Hiranandani Gardens, Powai, Mumbai 400076', 'Powai', 19.119, 72.9085, '022-2570-1426', LATE, 5, ALL, true, null],
  [2004, 'Crust Lower Parel', 'Ground Floor, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel, Mumbai 400013', 'Lower Parel', 18.9955, 72.827, '022-2493-7762', LATE, 3, DINE, true, null],
  [2005, 'Crust Ghatkopar East', 'Shop 6, Rajawadi, M G Road, Ghatkopar East, Mumbai 400077', 'Ghatkopar East', 19.0785, 72.9115, '022-2501-8893', DAY, 4, DTP, true, null],
  [2006, 'Crust Malad West', 'Shop 4, Ground Floor, New Link Road, Malad West, Mumbai 400064', 'Malad West', 19.1845, 72.8365, '022-2880-4415', DAY, 5, DT, false, 2008],
  [2007, 'Crust Airport T2 Kiosk', 'Kiosk 4, Departures Food Court, Terminal 2, CSMI Airport, Andheri East, Mumbai 400099', 'Andheri East', 19.0988, 72.874, '022-6685-2210', H24, 3, KIOSK, true, null],
  [2008, 'Crust Borivali West', 'Shop 11, Chandavarkar Road, Borivali West, Mumbai 400092', 'Borivali West', 19.2315, 72.8545, '022-2898-6674', DAY, 6, DINE, true, null],
  [2009, 'Crust Colaba', 'Shop 2, Colaba Causeway, Colaba, Mumbai 400005', 'Colaba', 18.9135, 72.8245, '022-2282-9051', MIDNIGHT, 4, DINE, true, null],
];

const PUNE: Row[] = [
  [2101, 'Crust Koregaon Park', 'Shop 1, Lane 5, North Main Road, Koregaon Park, Pune 411001', 'Koregaon Park', 18.5375, 73.8925, '020-2615-4437', LATE, 5, ALL, true, null],
  [2102, 'Crust Kothrud', 'Shop 7, Karve Road, Kothrud, Pune 411038', 'Kothrud', 18.506, 73.81, '020-2546-3381', DAY, 5, DINE, true, null],
  [2103, 'Crust Hinjewadi', 'Shop 3, Ground Floor, Phase 1, Rajiv Gandhi Infotech Park, Hinjewadi, Pune 411057', 'Hinjewadi', 18.5915, 73.74, '020-2293-0764', NIGHT, 7, DTP, true, null],
  [2104, 'Crust Sadashiv Peth', 'Shop 2, Tilak Road, Sadashiv Peth, Pune 411030', 'Sadashiv Peth', 18.5085, 73.8505, '020-2447-5128', DAY, 4, DTP, true, null],
  [2105, 'Crust Phoenix Marketcity Kiosk', 'Kiosk 7, Food Court, Phoenix Marketcity, Viman Nagar Road, Pune 411014', 'Viman Nagar', 18.5622, 73.9167, '020-6681-9902', MALL, 3, KIOSK, true, null],
  [2106, 'Crust Baner', 'Shop 4, Baner Road, Baner, Pune 411045', 'Baner', 18.56, 73.7895, '020-2729-6655', DAY, 6, DTP, true, null],
];

const BENGALURU: Row[] = [
  [3001, 'Crust Koramangala', 'Ground Floor, 80 Feet Road, Koramangala 4th Block, Bengaluru 560034', 'Koramangala', 12.9352, 77.6245, '080-4123-4567', H24, 5, ALL, true, null],
  [3002, 'Crust Indiranagar', 'Ground Floor, 100 Feet Road, HAL 2nd Stage, Indiranagar, Bengaluru 560038', 'Indiranagar', 12.979, 77.6405, '080-4125-8812', LATE, 5, ALL, true, null],
  [3003, 'Crust HSR Layout', 'Shop 3, 27th Main Road, Sector 1, HSR Layout, Bengaluru 560102', 'HSR Layout', 12.9122, 77.642, '080-4209-3371', NIGHT, 5, DTP, true, null],
  [3004, 'Crust Whitefield', 'Shop 5, Whitefield Main Road, Whitefield, Bengaluru 560066', 'Whitefield', 12.97, 77.746, '080-4851-6620', DAY, 7, DINE, true, null],
  [3005, 'Crust Jayanagar', 'Shop 18, 11th Main Road, 4th Block, Jayanagar, Bengaluru 560011', 'Jayanagar', 12.929, 77.583, '080-4092-1145', DAY, 5, DINE, true, null],
  [3006, 'Crust Malleshwaram', 'Shop 2, Sampige Road, Malleshwaram, Bengaluru 560003', 'Malleshwaram', 13.001, 77.571, '080-4128-7703', DAY, 4, DTP, false, 3007],
  [3007, 'Crust Hebbal', 'Shop 4, Bellary Road, Hebbal, Bengaluru 560024', 'Hebbal', 13.037, 77.596, '080-4370-2258', DAY, 6, DTP, true, null],
  [3008, 'Crust Electronic City', 'Shop 6, Neeladri Road, Electronic City Phase 1, Bengaluru 560100', 'Electronic City', 12.846, 77.664, '080-4110-9486', NIGHT, 7, DTP, true, null],
  [3009, 'Crust Marathahalli', 'Shop 11, Outer Ring Road, Marathahalli, Bengaluru 560037', 'Marathahalli', 12.956, 77.6995, '080-4865-3327', LATE, 5, DINE, true, null],
];

const HYDERABAD: Row[] = [
  [3101, 'Crust Banjara Hills', 'Ground Floor, Road No. 1, Banjara Hills, Hyderabad 500034', 'Banjara Hills', 17.417, 78.438, '040-4020-3364', LATE, 5, ALL, true, null],
  [3102, 'Crust Gachibowli', 'Shop 2, Gachibowli Main Road, Gachibowli, Hyderabad 500032', 'Gachibowli', 17.4405, 78.35, '040-4855-1192', NIGHT, 7, DTP, true, null],
  [3103, 'Crust Kukatpally', 'Shop 8, KPHB Main Road, Kukatpally, Hyderabad 500072', 'Kukatpally', 17.486, 78.408, '040-4003-7748', DAY, 6, DINE, true, null],
  [3104, 'Crust Secunderabad', 'Shop 4, Sarojini Devi Road, Secunderabad 500003', 'Secunderabad', 17.442, 78.496, '040-2780-5519', DAY, 5, DT, true, 3101],
  [3105, 'Crust Madhapur', 'Shop 6, Ayyappa Society Main Road, Madhapur, Hyderabad 500081', 'Madhapur', 17.449, 78.393, '040-4017-6630', LATE, 5, DINE, true, null],
  [3106, 'Crust Dilsukhnagar', 'Shop 3, Main Road, Dilsukhnagar, Hyderabad 500060', 'Dilsukhnagar', 17.3695, 78.526, '040-2404-8871', DAY, 5, DTP, true, null],
];

const CHENNAI: Row[] = [
  [3201, 'Crust T Nagar', 'Shop 5, Usman Road, T Nagar, Chennai 600017', 'T Nagar', 13.0405, 80.2335, '044-4212-3390', DAY, 4, DINE, true, null],
  [3202, 'Crust Adyar', 'Shop 2, Lattice Bridge Road, Adyar, Chennai 600020', 'Adyar', 13.0005, 80.257, '044-4350-6621', LATE, 5, DTP, true, null],
  [3203, 'Crust Anna Nagar', 'Shop 9, 2nd Avenue, Anna Nagar, Chennai 600040', 'Anna Nagar', 13.086, 80.211, '044-4264-1187', NIGHT, 5, DINE, true, null],
  [3204, 'Crust Velachery', 'Shop 3, Velachery Main Road, Velachery, Chennai 600042', 'Velachery', 12.98, 80.22, '044-4596-7742', DAY, 6, DTP, true, null],
  [3205, 'Crust Sholinganallur', 'Shop 14, Rajiv Gandhi Salai (OMR), Sholinganallur, Chennai 600119', 'Sholinganallur', 12.902, 80.227, '044-4717-2056', DAY, 7, DT, false, 3204],
  [3206, 'Crust Nungambakkam', 'Shop 1, Sterling Road, Nungambakkam, Chennai 600034', 'Nungambakkam', 13.0615, 80.2405, '044-4208-5513', DAY, 4, DINE, true, null],
];

const KOLKATA: Row[] = [
  [4001, 'Crust Park Street', 'Ground Floor, 24 Park Street, Kolkata 700016', 'Park Street', 22.5535, 88.3525, '033-4006-2218', LATE, 4, DINE, true, null],
  [4002, 'Crust Salt Lake Sector V', 'Shop 3, Block EP, Salt Lake Sector V, Kolkata 700091', 'Salt Lake Sector V', 22.5755, 88.432, '033-4065-3391', NIGHT, 6, CURB, true, null],
  [4003, 'Crust Gariahat', 'Shop 6, Rashbehari Avenue, Gariahat, Kolkata 700029', 'Gariahat', 22.517, 88.366, '033-4603-7724', DAY, 4, DINE, true, null],
  [4004, 'Crust New Town', 'Shop 2, Action Area 1, New Town, Kolkata 700156', 'New Town', 22.581, 88.4625, '033-4018-5560', DAY, 7, DTP, true, null],
  [4005, 'Crust Behala', 'Shop 9, Diamond Harbour Road, Behala, Kolkata 700034', 'Behala', 22.499, 88.312, '033-2397-4418', DAY, 5, DT, false, null],
  [4006, 'Crust Lake Town', 'Shop 12, Jessore Road, Lake Town, Kolkata 700089', 'Lake Town', 22.604, 88.403, '033-2521-6639', MIDNIGHT, 5, DT, true, null],
];

const KANPUR: Row[] = [
  [5001, 'Crust Kanpur Central', 'Shop 6, Station Road, opposite Kanpur Central, Kanpur 208004', 'Kanpur Central', 26.4562, 80.3478, '0512-230-4418', H24, 5, DTP, true, null],
];

const BHOPAL: Row[] = [
  [5101, 'Crust Hamidia Road', 'Shop 11, Hamidia Road, near Bhopal Junction, Bhopal 462001', 'Hamidia Road', 23.2652, 77.4068, '0755-254-7731', H24, 5, DTP, true, null],
];

const NAGPUR: Row[] = [
  [5201, 'Crust Sitabuldi', 'Shop 3, Munje Chowk, Sitabuldi, Nagpur 440012', 'Sitabuldi', 21.1472, 79.0839, '0712-252-6604', H24, 5, DTP, true, null],
];

function rows(cityId: string, list: Row[]): SeedStore[] {
  return list.map(
    ([id, name, address, locality, latitude, longitude, phone, [opensAt, closesAt], deliveryRadiusKm, orderTypes, online, advanceOrderStoreId]) => ({
      id,
      name,
      address,
      locality,
      cityId,
      latitude,
      longitude,
      phone,
      opensAt,
      closesAt,
      deliveryRadiusKm,
      orderTypes: [...orderTypes],
      online,
      advanceOrderStoreId,
    }),
  );
}

export const STORES: SeedStore[] = [
  ...rows('delhi', DELHI),
  ...rows('gurugram', GURUGRAM),
  ...rows('noida', NOIDA),
  ...rows('mumbai', MUMBAI),
  ...rows('pune', PUNE),
  ...rows('bengaluru', BENGALURU),
  ...rows('hyderabad', HYDERABAD),
  ...rows('chennai', CHENNAI),
  ...rows('kolkata', KOLKATA),
  ...rows('kanpur', KANPUR),
  ...rows('bhopal', BHOPAL),
  ...rows('nagpur', NAGPUR),
];
